import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useS3Server } from '../test/s3-server';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../../..');
const s3 = useS3Server();
let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'keeb-copy-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** `npm run storage:copy`'s script, as a real process with the S3_* variables of the test server. */
const storageCopy = () =>
  run(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'apps/api/src/cli/storage-copy.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...s3.env(), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
  });

describe('npm run storage:copy', () => {
  it('copies the local uploads into the bucket under the same keys, and skips them on a second run', async () => {
    const files: Record<string, Buffer> = {
      'items/0b6f3c1e-5d2a-4f4e-9a31-7c2d1e0f9a11/0123456789abcdef01234567.jpg': Buffer.from('photo'),
      'items/0b6f3c1e-5d2a-4f4e-9a31-7c2d1e0f9a11/@2x_0123456789abcdef01234567.jpg': Buffer.from('list size'),
      'avatars/0b6f3c1e-5d2a-4f4e-9a31-7c2d1e0f9a11-0123456789ab.jpg': Buffer.from('avatar'),
      'demo/plate.png': Buffer.from('png bytes'),
    };
    for (const [key, body] of Object.entries(files)) {
      const file = path.join(dataDir, 'uploads', key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    }
    await writeFile(path.join(dataDir, 'uploads', '.DS_Store'), 'finder');

    const first = await storageCopy();
    expect(first.stdout).toContain('Copied 4, already there 0.');
    expect(first.stdout).toContain('Left on disk (not upload names): .DS_Store');
    for (const [key, body] of Object.entries(files)) {
      const object = await s3.bucket.get(key);
      expect(object?.contentType).toBe(key.endsWith('.png') ? 'image/png' : 'image/jpeg');
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body as AsyncIterable<Buffer>) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString()).toBe(body.toString());
    }

    const second = await storageCopy();
    expect(second.stdout).toContain('Copied 0, already there 4.');
  }, 60_000);

  it('says what is missing when no bucket is configured', async () => {
    const failed = await run(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'apps/api/src/cli/storage-copy.ts')], {
      cwd: ROOT,
      env: { ...process.env, S3_BUCKET: '', DATA_DIR: dataDir },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('S3_BUCKET is not set');
  }, 60_000);
});
