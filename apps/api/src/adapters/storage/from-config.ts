import type { Config } from '../../config';
import { createS3Storage } from './s3';
import { createLocalStorage, type Storage } from './storage';

/** The bucket when S3_BUCKET is set; local disk (DATA_DIR/uploads) otherwise. */
export function storageFromConfig(config: Pick<Config, 's3' | 'uploadsDir'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadsDir);
}
