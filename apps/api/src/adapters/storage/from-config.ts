import type { Config } from '../../config';
import type { Logger } from '../../platform/logger';
import { createS3Client, createS3Storage } from './s3';
import { createLocalStorage, type Storage } from './storage';

/** The bucket when S3_BUCKET is set; local disk (DATA_DIR/uploads) otherwise. */
export function storageFromConfig(config: Pick<Config, 's3' | 'uploadsDir'>, logger?: Logger): Storage {
  return config.s3 ? createS3Storage(config.s3, createS3Client(config.s3), logger) : createLocalStorage(config.uploadsDir, logger);
}
