import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { items, uploads } from '../../db/schema';
import { useTestApp, type TestContext } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { useS3Server } from '../../test/s3-server';
import { keyOfUrl, withVariants } from './storage';

// Issue 27, "Photos in object storage": the app built with S3_BUCKET stores and serves uploads through the real
// adapter against a local S3-protocol server.
const s3 = useS3Server();
const t = useTestApp(() => s3.env());

const photo = () => sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#5b8def' } }).jpeg().toBuffer();

async function signedIn(context: TestContext) {
  const user = await createUser(context.db.db);
  return { user, client: await context.clientAs(user.id) };
}

async function bytesOf(key: string): Promise<Buffer> {
  const object = await s3.bucket.get(key);
  if (!object) throw new Error(`no object ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Moves the uploads and their orphan checks a day and an hour into the past, then lets the due jobs run. */
async function passADay(context: TestContext) {
  await context.db.db.execute(sql`update uploads set created_at = created_at - interval '25 hours'`);
  await context.db.db.execute(sql`update pgboss.job set start_after = start_after - interval '25 hours' where name = 'upload-orphan' and state in ('created', 'retry')`);
  await context.jobs.drain();
}

describe('uploads in a bucket', () => {
  it('stores a listing photo and its variants in the bucket and serves it through /uploads', async () => {
    const { user, client } = await signedIn(t);
    const res = await client.upload('/api/img/upload', 'file', await photo(), 'board.jpg');
    expect(res.status).toBe(200);
    const url: string = res.body.url;
    // The stored form: a host-less path, whatever the store.
    expect(url).toMatch(new RegExp(`^/uploads/items/${user.id}/[0-9a-f]{24}\\.jpg$`));
    const key = keyOfUrl(url)!;
    for (const k of withVariants(key)) expect(await s3.bucket.exists(k)).toBe(true);
    // Nothing on this machine's disk: a second machine reads the same s3.bucket.
    expect(existsSync(path.join(t.config.uploadsDir, key))).toBe(false);

    const served = await client.get(url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(served.body as Buffer, await bytesOf(key))).toBe(0);
    expect((await sharp(served.body as Buffer).metadata()).format).toBe('jpeg');
  });

  it('writes the Content-Type and Cache-Control on the object itself', async () => {
    const { client } = await signedIn(t);
    const { body } = await client.upload('/api/img/upload', 'file', await photo(), 'board.jpg');
    const object = await s3.bucket.get(keyOfUrl(body.url)!);
    expect(object?.contentType).toBe('image/jpeg');
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const head = await s3.bucket.client.send(new HeadObjectCommand({ Bucket: s3.config().bucket, Key: keyOfUrl(body.url)! }));
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a key the bucket does not hold, and for keys no upload could have', async () => {
    const client = await t.client();
    expect((await client.get('/uploads/items/nobody/0123456789abcdef01234567.jpg')).status).toBe(404);
    expect((await client.get('/uploads/..%2f..%2fetc/passwd')).status).toBe(404);
    expect((await client.get('/uploads/a/%00.jpg')).status).toBe(404);
  });

  it('still serves a photo written to local disk before the move to the bucket', async () => {
    const file = path.join(t.config.uploadsDir, 'items', 'old', 'before.jpg');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await photo());
    const res = await (await t.client()).get('/uploads/items/old/before.jpg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });

  it('stores avatars and blog images in the bucket too', async () => {
    const { user, client } = await signedIn(t);
    const avatar = await client.upload('/api/me/avatar', 'file', await photo(), 'me.jpg');
    expect(avatar.status).toBe(200);
    expect(avatar.body.url).toMatch(new RegExp(`^/uploads/avatars/${user.id}-[0-9a-f]{12}\\.jpg$`));
    expect(await s3.bucket.exists(keyOfUrl(avatar.body.url)!)).toBe(true);
    expect((await client.get(avatar.body.url)).status).toBe(200);

    const admin = await createUser(t.db.db, { isAdmin: true });
    const adminClient = await t.clientAs(admin.id);
    const image = await adminClient.upload('/api/blog/image-upload', 'image', await photo(), 'banner.jpg');
    expect(image.status).toBe(200);
    for (const k of withVariants(keyOfUrl(image.body.url)!)) expect(await s3.bucket.exists(k)).toBe(true);
  });

  it('deletes the uploads no listing, avatar or post uses after a day, variants included, and keeps the rest', async () => {
    const { user, client } = await signedIn(t);
    const used = (await client.upload('/api/img/upload', 'file', await photo(), 'a.jpg')).body.url as string;
    const unused = (await client.upload('/api/img/upload', 'file', await photo(), 'b.jpg')).body.url as string;
    const avatar = (await client.upload('/api/me/avatar', 'file', await photo(), 'me.jpg')).body.url as string;
    const droppedAvatar = (await client.upload('/api/me/avatar', 'file', await photo(), 'me2.jpg')).body.url as string;
    await createItem(t.db.db, user.id, { photos: [used], thumbnail: used.replace(/([^/]+)$/, '@2x_$1') });
    await t.db.db.execute(sql`update users set avatar = ${avatar} where id = ${user.id}`);
    expect((await t.db.db.select({ n: count() }).from(uploads))[0]!.n).toBe(4);

    // Not yet a day: the checks wait, nothing is deleted.
    await t.jobs.drain();
    for (const url of [used, unused, avatar, droppedAvatar]) expect(await s3.bucket.exists(keyOfUrl(url)!)).toBe(true);

    await passADay(t);
    for (const k of withVariants(keyOfUrl(unused)!)) expect(await s3.bucket.exists(k)).toBe(false);
    expect(await s3.bucket.exists(keyOfUrl(droppedAvatar)!)).toBe(false);
    for (const k of withVariants(keyOfUrl(used)!)) expect(await s3.bucket.exists(k)).toBe(true);
    expect(await s3.bucket.exists(keyOfUrl(avatar)!)).toBe(true);
    expect((await client.get(unused)).status).toBe(404);
    expect((await client.get(used)).status).toBe(200);
    // Every record is settled: deleted, or known to be in use.
    expect((await t.db.db.select({ n: count() }).from(uploads))[0]!.n).toBe(0);
  });

  it('tells the uploader the store is down and saves nothing; a later upload works', async () => {
    const { user, client } = await signedIn(t);
    await s3.stop();
    try {
      const res = await client.upload('/api/img/upload', 'file', await photo(), 'board.jpg');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'storage_unavailable' });
      const avatar = await client.upload('/api/me/avatar', 'file', await photo(), 'me.jpg');
      expect(avatar.status).toBe(503);
      expect(avatar.body).toEqual({ message: 'storage_unavailable' });
      // Reading through the API while the store is down: a clear 503, not a hang or a 500.
      expect((await client.get('/uploads/items/x/0123456789abcdef01234567.jpg')).status).toBe(503);
    } finally {
      await s3.start();
    }
    expect(await t.db.db.select().from(items).where(eq(items.sellerId, user.id))).toEqual([]);
    // What was recorded before the store failed is cleaned up by the orphan check; the bucket holds nothing of it.
    await passADay(t);
    expect((await t.db.db.select({ n: count() }).from(uploads))[0]!.n).toBe(0);
    const again = await client.upload('/api/img/upload', 'file', await photo(), 'board.jpg');
    expect(again.status).toBe(200);
  });
});
