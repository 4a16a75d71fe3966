import type { StorageKey } from './storage-keys';

// localStorage throws in some private modes and when the quota is full; a preference that cannot be
// remembered must never break the page, so failures read as "unset" and writes are best effort.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Best effort: see above.
  }
}
