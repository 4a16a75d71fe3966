import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ERROR_CODES } from '@keeb/shared';
import { AppError } from '../../platform/errors';
import { variantKeys } from '../../platform/photo-parts';
import type { Logger } from '../../platform/logger';

/** The path prefix every stored upload URL starts with; the database keeps `/uploads/<key>`, never a host. */
export const UPLOADS_PREFIX = '/uploads';

/** `/uploads/<key>` -> `<key>`; anything else (an Imgur link, a stranger's path) -> undefined. */
export function keyOfUrl(url: string): string | undefined {
  if (!url.startsWith(`${UPLOADS_PREFIX}/`)) return undefined;
  const key = url.slice(UPLOADS_PREFIX.length + 1);
  return isSafeKey(key) ? key : undefined;
}

/** Keys are what our upload code writes (letters, digits, `-`, `_`, `@`, `.`, folders): never `..`, never absolute. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9@_.-]+(?:\/[A-Za-z0-9@_.-]+)*$/.test(key) && !key.split('/').some((part) => part === '.' || part === '..');
}

/** A photo's key and the `@4x_` and `@2x_` variants written beside it (photos, blog images). */
export function withVariants(key: string): string[] {
  const { detail, list } = variantKeys(key);
  return [key, detail, list];
}

export interface StoredObject {
  body: NodeJS.ReadableStream | Buffer;
  contentType: string | undefined;
  length: number | undefined;
}

/** Where uploaded files go: local disk (this file) or an S3-compatible bucket (s3.ts). */
export interface Storage {
  readonly kind: 'disk' | 's3';
  /**
   * Stores `body` under `key` (e.g. 'avatars/abc.jpg') and answers its stored URL, `/uploads/<key>`. A store that
   * refuses or times out throws a 503 `storage_unavailable` AppError.
   */
  put(key: string, body: Buffer, contentType?: string): Promise<string>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the keys; a key already gone is not an error. */
  delete(keys: string[]): Promise<void>;
}

export const storageUnavailable = () => new AppError(503, ERROR_CODES.storageUnavailable);

function checkedKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key ${key}`);
  return key;
}

export function createLocalStorage(uploadsDir: string, logger?: Logger): Storage {
  const fileOf = (key: string) => path.join(uploadsDir, checkedKey(key));
  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, body);
      } catch (error) {
        // A full or read-only disk is the store refusing, as a bucket's 5xx is: the uploader may try again later.
        logger?.warn({ err: error, key }, 'writing an upload to disk failed');
        throw storageUnavailable();
      }
      return `${UPLOADS_PREFIX}/${key}`;
    },
    async get(key) {
      try {
        const body = await readFile(fileOf(key));
        return { body, contentType: key.endsWith('.png') ? 'image/png' : 'image/jpeg', length: body.length };
      } catch {
        return null;
      }
    },
    async exists(key) {
      return access(fileOf(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
  };
}
