import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeKey, type Storage } from './storage';

export interface CopyResult {
  copied: number;
  /** Already in the bucket (a second run, or uploads written there since). */
  skipped: number;
  /** Files whose names no upload has (editor backups, dot files): left where they are. */
  ignored: string[];
}

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.gif': 'image/gif' };

/**
 * Copies the files under `uploadsDir` (DATA_DIR/uploads) into `storage` under the same keys, so the `/uploads/<key>`
 * paths the database holds find them in the bucket. Objects already there are skipped, so it is safe to run twice
 * or to resume after an interruption; nothing on disk is changed.
 */
export async function copyLocalUploads(uploadsDir: string, storage: Storage, onCopied: (key: string) => void = () => {}): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, ignored: [] };
  let entries;
  try {
    entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true });
  } catch {
    return result; // no uploads directory: nothing was ever uploaded here
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(uploadsDir, file).split(path.sep).join('/');
    const type = TYPES[path.extname(key).toLowerCase()];
    if (!isSafeKey(key) || !type || entry.name.startsWith('.')) {
      result.ignored.push(key);
      continue;
    }
    if (await storage.exists(key)) {
      result.skipped += 1;
      continue;
    }
    await storage.put(key, await readFile(file), type);
    result.copied += 1;
    onCopied(key);
  }
  return result;
}
