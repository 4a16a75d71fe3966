/// <reference path="../apps/api/src/test/s3rver.d.ts" />
/** The S3 stand-in for the cluster bench: s3rver on a port of its own, its objects in a temporary directory. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export async function startS3StandIn(bucket: string, port: number): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'keeb-bench-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port: listening } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${listening}`,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
