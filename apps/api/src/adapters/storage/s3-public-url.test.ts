import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { TEST_BUCKET, useS3Server } from '../../test/s3-server';

// With S3_PUBLIC_URL, browsers read the objects there (a CDN or the bucket's public address; here the local S3
// server's path-style address of the bucket), while the database keeps /uploads/<key>.
const s3 = useS3Server();
const publicUrl = () => `${s3.endpoint}/${TEST_BUCKET}`;
const t = useTestApp(() => s3.env({ S3_PUBLIC_URL: publicUrl() }));

const photo = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#d94f70' } }).jpeg().toBuffer();

describe('S3_PUBLIC_URL', () => {
  it('sends /uploads/<key> to the public address, where the object is', async () => {
    const user = await createUser(t.db.db);
    const client = await t.clientAs(user.id);
    const { body } = await client.upload('/api/img/upload', 'file', await photo(), 'board.jpg');
    expect(body.url).toMatch(/^\/uploads\/items\//);

    // The listing keeps the stored path; the browser's request for it is redirected to the public address.
    const item = await createItem(t.db.db, user.id, { photos: [body.url], thumbnail: body.url.replace(/([^/]+)$/, '@2x_$1') });
    const page = await client.get(`/api/item/${item.id}`);
    expect(JSON.stringify(page.body)).toContain(body.url);

    const redirect = await client.get(body.url).redirects(0);
    expect(redirect.status).toBe(302);
    const location = String(redirect.headers.location);
    expect(location).toBe(`${publicUrl()}${body.url.slice('/uploads'.length)}`);
    const fromStore = await fetch(location);
    expect(fromStore.status).toBe(200);
    expect(fromStore.headers.get('content-type')).toBe('image/jpeg');
    expect(fromStore.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(Buffer.from(await fromStore.arrayBuffer())).metadata()).width).toBe(800);
    // The variants the pages show are there too.
    const variant = await client.get(body.url.replace(/([^/]+)$/, '@2x_$1')).redirects(0);
    expect((await fetch(String(variant.headers.location))).status).toBe(200);
  });

  it('lets pages load images from the public address (CSP img-src), and nothing else from it', async () => {
    const res = await (await t.client()).get('/api/health');
    const csp = String(res.headers['content-security-policy']);
    const imgSrc = /img-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(imgSrc.split(' ')).toContain(new URL(s3.endpoint).origin);
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).toBe("'self'");
  });

  it('refuses keys no upload could have, without a redirect', async () => {
    const res = await (await t.client()).get('/uploads/..%2Fsecret').redirects(0);
    expect(res.status).toBe(404);
  });
});
