import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files go. Local disk today; an S3-compatible store can implement the same interface. */
export interface Storage {
  /** Stores `body` under `key` (e.g. 'avatars/abc.jpg') and answers its public URL. */
  put(key: string, body: Buffer): Promise<string>;
}

export function createLocalStorage(uploadsDir: string, publicPrefix = '/uploads'): Storage {
  return {
    async put(key, body) {
      if (key.includes('..') || path.isAbsolute(key)) throw new Error(`unsafe storage key ${key}`);
      const file = path.join(uploadsDir, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
      return `${publicPrefix}/${key}`;
    },
  };
}
