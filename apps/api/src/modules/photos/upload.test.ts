import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoVariants } from '@keeb/shared';
import { ConfigError, loadConfig } from '../../config';
import { useTestApp, type TestContext } from '../../test/app';
import { createUser } from '../../test/factories';

interface PhotoOptions {
  format?: 'jpeg' | 'png';
  width?: number;
  height?: number;
  gps?: boolean;
  orientation?: number;
  transparent?: boolean;
}

async function photo({ format = 'jpeg', width = 3000, height = 2000, gps = false, orientation, transparent = false }: PhotoOptions = {}) {
  const background = transparent ? { r: 0, g: 0, b: 0, alpha: 0 } : '#5b8def';
  let image = sharp({ create: { width, height, channels: transparent ? 4 : 3, background } });
  if (format === 'png') return image.png().toBuffer();
  if (gps) image = image.withExif({ IFD0: { Make: 'KeebCam', Model: 'Thock 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } });
  if (orientation) image = image.withMetadata({ orientation });
  return image.jpeg().toBuffer();
}

async function signedIn(t: TestContext) {
  const user = await createUser(t.db.db);
  return { user, client: await t.clientAs(user.id) };
}

const fileOf = (t: TestContext, url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));

/** The stored photo and both variants the thumbnail rule derives from its URL. */
async function storedSet(t: TestContext, url: string) {
  const { detail, list } = photoVariants(url);
  return Promise.all(
    [url, detail, list].map(async (u) => {
      const meta = await sharp(fileOf(t, u)).metadata();
      return { format: meta.format, width: meta.width, height: meta.height, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc };
    }),
  );
}

/** Files stored for one account, or '.' for all (the uploads directory lives as long as the test file). */
async function storedFiles(t: TestContext, userId: string): Promise<string[]> {
  const dir = path.join(t.config.uploadsDir, 'items', userId);
  return existsSync(dir) ? readdir(dir, { recursive: true }) : [];
}

describe('POST /api/img/upload', () => {
  const t = useTestApp();

  it('stores a JPEG or a PNG as three JPEGs: the photo at most 1600 px, the @4x_ at 1080 px, the @2x_ at 480 px', async () => {
    const { user, client } = await signedIn(t);
    for (const format of ['jpeg', 'png'] as const) {
      const res = await client.upload('/api/img/upload', 'file', await photo({ format }), `board.${format === 'jpeg' ? 'jpg' : 'png'}`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(['url']);
      expect(res.body.url).toMatch(new RegExp(`^/uploads/items/${user.id}/[0-9a-f]{24}\\.jpg$`));
      const name = path.basename(res.body.url);
      expect(photoVariants(res.body.url)).toEqual({
        list: `/uploads/items/${user.id}/@2x_${name}`,
        detail: `/uploads/items/${user.id}/@4x_${name}`,
      });
      const [main, detail, list] = await storedSet(t, res.body.url);
      expect([main, detail, list].map((m) => [m?.format, m?.width, m?.height])).toEqual([
        ['jpeg', 1600, 1067],
        ['jpeg', 1080, 720],
        ['jpeg', 480, 320],
      ]);
      // The files are served where the URLs say.
      const served = await client.get(photoVariants(res.body.url).list);
      expect([served.status, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    }
  });

  it('never enlarges a small photo and keeps a portrait one within the limits on its long side', async () => {
    const { client } = await signedIn(t);
    const small = await client.upload('/api/img/upload', 'file', await photo({ width: 400, height: 300 }), 'small.jpg');
    expect((await storedSet(t, small.body.url)).map((m) => [m.width, m.height])).toEqual([
      [400, 300],
      [400, 300],
      [400, 300],
    ]);
    const tall = await client.upload('/api/img/upload', 'file', await photo({ width: 1200, height: 2400 }), 'tall.jpg');
    expect((await storedSet(t, tall.body.url)).map((m) => [m.width, m.height])).toEqual([
      [800, 1600],
      [540, 1080],
      [240, 480],
    ]);
  });

  it('strips every piece of metadata, GPS position included, from all three files', async () => {
    const { client } = await signedIn(t);
    const original = await photo({ gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await client.upload('/api/img/upload', 'file', original, 'where-i-live.jpg');
    expect(res.status).toBe(200);
    for (const stored of await storedSet(t, res.body.url)) expect([stored.exif, stored.xmp, stored.iptc]).toEqual([undefined, undefined, undefined]);
  });

  it('turns a photo upright per its EXIF orientation', async () => {
    const { client } = await signedIn(t);
    const sideways = await photo({ width: 900, height: 300, orientation: 6 });
    const res = await client.upload('/api/img/upload', 'file', sideways, 'sideways.jpg');
    expect((await storedSet(t, res.body.url)).map((m) => [m.width, m.height])).toEqual([
      [300, 900],
      [300, 900],
      [160, 480],
    ]);
  });

  it('lays a transparent PNG on white', async () => {
    const { client } = await signedIn(t);
    const res = await client.upload('/api/img/upload', 'file', await photo({ format: 'png', width: 200, height: 200, transparent: true }), 'cutout.png');
    const { channels } = await sharp(fileOf(t, res.body.url)).stats();
    expect(channels.map((c) => Math.round(c.mean))).toEqual([255, 255, 255]);
  });

  it('refuses what is not really a JPEG or PNG, whatever its name, and stores nothing', async () => {
    const { user, client } = await signedIn(t);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    for (const [body, name] of [
      [gif, 'board.jpg'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'board.png'],
      [Buffer.from('these are not the pixels you are looking for'), 'board.jpg'],
      // A real JPEG header whose pixels never arrive.
      [(await photo()).subarray(0, 400), 'cut.jpg'],
    ] as const) {
      const res = await client.upload('/api/img/upload', 'file', body, name);
      expect([res.status, res.body]).toEqual([400, { message: 'invalid_image' }]);
    }
    expect(await storedFiles(t, user.id)).toEqual([]);
  });

  it('answers invalid_image without a file, or with the file in another field', async () => {
    const { client } = await signedIn(t);
    expect((await client.post('/api/img/upload', {})).body).toEqual({ message: 'invalid_image' });
    const other = await client.upload('/api/img/upload', 'photo', await photo(), 'board.jpg');
    expect([other.status, other.body]).toEqual([400, { message: 'invalid_image' }]);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const { client } = await signedIn(t);
    const res = await client.upload('/api/img/upload', 'file', Buffer.alloc(10 * 1024 * 1024 + 1), 'huge.jpg');
    expect([res.status, res.body]).toEqual([413, { message: 'payload_too_large' }]);
  });

  it('answers 401 must login when logged out', async () => {
    const client = await t.client();
    const before = await storedFiles(t, '.');
    const res = await client.upload('/api/img/upload', 'file', await photo(), 'board.jpg');
    expect([res.status, res.body]).toEqual([401, { message: 'must login' }]);
    expect(await storedFiles(t, '.')).toEqual(before);
  });
});

describe('the daily photo-upload limit (PHOTO_UPLOADS_PER_DAY=2)', () => {
  const t = useTestApp({ PHOTO_UPLOADS_PER_DAY: '2' });

  it('refuses the third upload of the day with too_many_uploads and the seconds left, per account', async () => {
    const { user, client } = await signedIn(t);
    const jpeg = await photo({ width: 200, height: 100 });
    for (let i = 0; i < 2; i++) expect((await client.upload('/api/img/upload', 'file', jpeg, 'a.jpg')).status).toBe(200);
    const third = await client.upload('/api/img/upload', 'file', jpeg, 'a.jpg');
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: 'too_many_uploads', timeLeft: expect.any(Number) });
    expect(third.body.timeLeft).toBeGreaterThan(0);
    expect(third.body.timeLeft).toBeLessThanOrEqual(24 * 60 * 60);
    expect((await storedFiles(t, user.id)).filter((f) => !f.startsWith('@'))).toHaveLength(2);

    const other = await signedIn(t);
    expect((await other.client.upload('/api/img/upload', 'file', jpeg, 'a.jpg')).status).toBe(200);
  });
});

describe('PHOTO_UPLOADS_PER_DAY', () => {
  it('defaults to 100 and must be a whole number of at least 1', () => {
    expect(loadConfig({}).photoUploadsPerDay).toBe(100);
    expect(loadConfig({ PHOTO_UPLOADS_PER_DAY: '250' }).photoUploadsPerDay).toBe(250);
    for (const bad of ['0', '1.5', 'lots']) expect(() => loadConfig({ PHOTO_UPLOADS_PER_DAY: bad })).toThrow(ConfigError);
  });
});
