import { createHash } from 'node:crypto';

/**
 * The id a job with dedupe key `key` gets in `queue`: a UUID made from a hash of both, so the same key always
 * names the same job. pg-boss inserts with ON CONFLICT DO NOTHING on (queue, id), so a second send with the key
 * queues nothing while the first job is kept (queued, running, or completed within deleteAfterSeconds).
 * pg-boss's `singletonKey` would not do this on a standard queue: there it only narrows singleton policies and
 * throttling windows.
 */
export function jobIdFor(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\u0000${key}`).digest('hex');
  // Shaped as an RFC 9562 version 8 (custom) UUID: version nibble 8, variant bits 10.
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
