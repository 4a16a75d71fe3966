import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createS3Client, createS3Storage, S3_TIMEOUTS, s3WorstCaseMs, type S3Config } from './s3';

/**
 * Issue 36, probe finding 6: a stalled store held an upload 20 s (10 s a call, and its retry) where the README
 * says the client gives up after 10 seconds. The attempts times the per-call timeouts must fit in those 10 s.
 */
const README_SECONDS = 10;

const config = (endpoint: string): S3Config => ({
  bucket: 'photos',
  endpoint,
  region: 'us-east-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'secret',
  forcePathStyle: true,
  publicUrl: undefined,
});

describe('the S3 client gives up within the README\'s 10 seconds', () => {
  it('the production settings: every attempt waiting its whole timeout, and the pause between them, fit in 10 s', () => {
    expect(S3_TIMEOUTS.maxAttempts).toBeGreaterThanOrEqual(2);
    expect(s3WorstCaseMs(S3_TIMEOUTS)).toBeLessThanOrEqual(README_SECONDS * 1000);
  });

  it('the client makes exactly maxAttempts calls to a store that never answers, and is refused within the worst case', async () => {
    let calls = 0;
    // Accepts each request and never answers, as a store stuck behind a dead load balancer would.
    const silent = createServer(() => {
      calls++;
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const stuck = config(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
      // The same shape as production, scaled down so the test does not wait seconds.
      const short = { connectMs: 100, requestMs: 250, maxAttempts: S3_TIMEOUTS.maxAttempts };
      const storage = createS3Storage(stuck, createS3Client(stuck, short));
      const started = Date.now();
      await expect(storage.put('items/u1/abc.jpg', Buffer.from('x'))).rejects.toMatchObject({ status: 503, code: 'storage_unavailable' });
      const elapsed = Date.now() - started;
      expect(calls).toBe(short.maxAttempts);
      expect(elapsed).toBeGreaterThanOrEqual(short.maxAttempts * short.requestMs - 50);
      // Headroom for a loaded CI machine: the bound shows the client gives up, not how fast the event loop is.
      expect(elapsed).toBeLessThanOrEqual(s3WorstCaseMs(short) + 2000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
