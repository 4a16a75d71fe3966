import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { createS3Storage, type S3Config } from '../adapters/storage/s3';

type S3Storage = ReturnType<typeof createS3Storage>;

export const TEST_BUCKET = 'keeb-test';

export interface TestS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** The S3_* variables pointing the app at this server. */
  env(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  config(): S3Config;
  /** Stops the server (a store that is down), and starts it again on the same port with the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** The bucket seen from outside the app (the real adapter): what a test reads to check what the app wrote. */
  readonly bucket: S3Storage;
}

/**
 * A local S3-protocol server (s3rver) for one test file, on a free port with its objects in a temporary directory,
 * holding one bucket. s3rver does not verify signatures: s3-signing.test.ts checks what the client signs.
 */
export function useS3Server(): TestS3 {
  let dir = '';
  let port = 0;
  let server: S3rver | undefined;
  const run = async () => {
    server = new S3rver({ address: '127.0.0.1', port, directory: dir, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
    port = (await server.run()).port;
  };
  const s3: TestS3 = {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    env: (extra = {}) => ({ S3_BUCKET: TEST_BUCKET, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', ...extra }),
    config: () => ({
      bucket: TEST_BUCKET,
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      publicUrl: undefined,
    }),
    async stop() {
      await server?.close();
      server = undefined;
    },
    start: run,
    get bucket() {
      return createS3Storage(s3.config());
    },
  };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'keeb-s3-'));
    await run();
  });
  afterAll(async () => {
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  });
  return s3;
}
