import { copyLocalUploads } from '../adapters/storage/copy';
import { createS3Storage } from '../adapters/storage/s3';
import { loadConfig } from '../config';

/**
 * `npm run storage:copy`: copies DATA_DIR/uploads into the S3_* bucket, for a move from local disk to a bucket.
 * Safe to run twice (objects already in the bucket are skipped); the database needs no change, since it holds
 * `/uploads/<key>` paths, not hosts. Run it before starting the API with S3_BUCKET on several machines.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.s3) {
    console.error('storage:copy: S3_BUCKET is not set; set the S3_* variables of the bucket to copy into.');
    process.exit(2);
  }
  console.log(`Copying ${config.uploadsDir} into bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}...`);
  const result = await copyLocalUploads(config.uploadsDir, createS3Storage(config.s3));
  console.log(`Copied ${result.copied}, already there ${result.skipped}.`);
  if (result.ignored.length > 0) console.log(`Left on disk (not upload names): ${result.ignored.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
