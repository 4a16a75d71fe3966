import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Logger } from '../../platform/logger';
import { storageUnavailable, UPLOADS_PREFIX, isSafeKey, type Storage } from './storage';

export interface S3Config {
  bucket: string;
  /** Unset: AWS itself. Set for R2, B2, Garage, SeaweedFS, Ceph RGW, a local test server... */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's default chain (environment, instance role...). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Where browsers read objects (a CDN or the bucket's public address); unset, the API serves them. */
  publicUrl: string | undefined;
}

/** Uploads never change once written: their names are random, a new photo gets a new name. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * How long the client may hold an upload before the uploader hears "try again" (README: 10 seconds). A photo is at
 * most a few hundred KB re-encoded, so a healthy store answers in well under a second; the SDK's default is no
 * timeout at all. One retry: a second failure means the store is down. Issue 36: the probe measured 20 s (10 s a
 * call, twice), so the per-call timeouts are set from the budget: every attempt may wait its connection and its
 * request timeouts, plus the SDK's pause before the retry (at most 200 ms for the first; 500 allowed).
 */
export const S3_TIMEOUTS = { connectMs: 1_000, requestMs: 3_500, maxAttempts: 2 };
const RETRY_PAUSE_MS = 500;

/** The longest a call can take with these settings: what must fit in the README's 10 seconds. */
export const s3WorstCaseMs = (t: { connectMs: number; requestMs: number; maxAttempts: number }) =>
  t.maxAttempts * (t.connectMs + t.requestMs) + (t.maxAttempts - 1) * RETRY_PAUSE_MS;

export function createS3Client(config: S3Config, timeouts: { connectMs: number; requestMs: number; maxAttempts?: number } = S3_TIMEOUTS): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Since v3.729 the SDK adds CRC32 checksums to every upload, which several S3-compatible stores refuse:
    // send and check them only where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: timeouts.maxAttempts ?? S3_TIMEOUTS.maxAttempts,
    // Without throwOnRequestTimeout, this SDK version only logs a warning when requestTimeout passes and keeps waiting.
    requestHandler: { connectionTimeout: timeouts.connectMs, requestTimeout: timeouts.requestMs, throwOnRequestTimeout: true },
  });
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export function createS3Storage(config: S3Config, client: S3Client = createS3Client(config), logger?: Logger): Storage & { client: S3Client } {
  const Bucket = config.bucket;
  /** The uploader hears 503 storage_unavailable; the operator needs the store's own answer (AccessDenied, a timeout...). */
  const unavailable = (error: unknown, operation: string, key: string) => {
    logger?.warn({ err: error, operation, key, bucket: Bucket }, 'object store call failed');
    return storageUnavailable();
  };
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key ${key}`);
    return key;
  };
  return {
    kind: 's3',
    client,
    async put(key, body, contentType = 'image/jpeg') {
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: body, ContentType: contentType, CacheControl: UPLOAD_CACHE_CONTROL }));
      } catch (error) {
        throw unavailable(error, 'PutObject', key);
      }
      return `${UPLOADS_PREFIX}/${key}`;
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        if (!object.Body) return null;
        return { body: object.Body as NodeJS.ReadableStream, contentType: object.ContentType, length: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable(error, 'GetObject', key);
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw unavailable(error, 'HeadObject', key);
      }
    },
    async delete(keys) {
      // One DeleteObject per key, not DeleteObjects: that one requires a body checksum (Content-MD5, or CRC32 in
      // current SDKs) that some S3-compatible stores refuse, and a photo has only three objects.
      for (const key of keys) {
        try {
          await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
        } catch (error) {
          throw unavailable(error, 'DeleteObject', key);
        }
      }
    },
  };
}
