import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMiddleware } from './errors';
import { staticRoutes } from './static';

// A built SPA as `vite build` leaves it: hashed assets with the .br and .gz copies the precompress plugin writes,
// a small file without copies, and index.html (with copies).
const SCRIPT = `export const answer = ${JSON.stringify('keeb '.repeat(2000))};\n`;
const INDEX = `<!doctype html><html lang="en"><head><title>KeebMarket</title>${'<meta name="x" content="y">'.repeat(60)}</head><body><div id="root"></div></body></html>`;
// The build's home page: index.html with the home feed's hints (apps/web/home-page-plugin.ts).
const HOME = INDEX.replace('</head>', '<link rel="preload" href="/api/items?sort=def" as="fetch" crossorigin></head>');
// The item and sell pages' own copies, with their routes' module preloads.
const DETAIL = INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/item-detail-page-X1.js"></head>');
const SELL = INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/listing-form-page-X2.js"></head>');
let dir = '';
let http: ReturnType<typeof supertest>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'keeb-static-'));
  const dist = path.join(dir, 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await mkdir(path.join(dir, 'uploads'));
  const withCopies = async (file: string, content: string) => {
    await writeFile(file, content);
    await writeFile(`${file}.br`, brotliCompressSync(content));
    await writeFile(`${file}.gz`, gzipSync(content));
  };
  await withCopies(path.join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
  await withCopies(path.join(dist, 'index.html'), INDEX);
  await withCopies(path.join(dist, 'home.html'), HOME);
  await withCopies(path.join(dist, 'detail.html'), DETAIL);
  await withCopies(path.join(dist, 'sell.html'), SELL);
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Mounted as app.ts mounts it, with the app's error middleware behind it.
  http = supertest(express().use(staticRoutes({ uploadsDir: path.join(dir, 'uploads'), webDistDir: dist })).use(errorMiddleware));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const script = '/assets/index-AbC123.js';

describe('precompressed assets', () => {
  it('sends the brotli copy to a browser that accepts brotli (preferred over gzip)', async () => {
    const res = await http.get(script).set('Accept-Encoding', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
    expect(res.text).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that accepts only gzip, or refuses brotli', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await http.get(script).set('Accept-Encoding', accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(gzipSync(SCRIPT).length);
      expect(res.text).toBe(SCRIPT);
    }
  });

  it('sends the file itself (identity) to a client that accepts neither, still varying on Accept-Encoding', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const request = http.get(script);
      const res = await (accept ? request.set('Accept-Encoding', accept) : request.unset('Accept-Encoding'));
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
      expect(res.text).toBe(SCRIPT);
    }
  });

  it('marks hashed assets immutable for a year, in every encoding', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await http.get(script).set('Accept-Encoding', accept);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await http.head(script).set('Accept-Encoding', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.text ?? '').toBe('');
  });

  it('answers 404 for an unknown asset rather than the app page', async () => {
    const res = await http.get('/assets/index-Gone99.js').set('Accept-Encoding', 'br');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'not_found' });
  });

  it('serves a file with no compressed copies as it is', async () => {
    const res = await http.get('/favicon.svg').set('Accept-Encoding', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });
});

describe('index.html', () => {
  it('is revalidated on every visit (never cached long), compressed when asked, at deep links', async () => {
    for (const url of ['/index.html', '/u/keyqueen', '/detail/some-id/extra', '/sell/more']) {
      const res = await http.get(url).set('Accept-Encoding', 'gzip, br');
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.text, url).toBe(INDEX);
    }
  });

  it('answers the home page (index.html with the home feed\'s hints) at /, revalidated and negotiated like index.html', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const home = await http.get('/').set('Accept-Encoding', accept);
      expect(home.status).toBe(200);
      expect(home.headers['cache-control']).toBe('no-cache');
      expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(home.headers['content-encoding']).toBe(accept === 'identity' ? undefined : accept);
      expect(home.text).toBe(HOME);
    }
    expect((await http.get('/u/keyqueen')).text).toBe(INDEX);
  });

  it('answers an item page with its route\'s page and a Link header that asks for the item with the HTML', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await http.get('/detail/8c0e6c3e-1b2f-4d7a-9b1e-2f0a5d9c7e11').set('Accept-Encoding', accept);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe(accept === 'identity' ? undefined : accept);
      expect(res.headers['link']).toBe('</api/item/8c0e6c3e-1b2f-4d7a-9b1e-2f0a5d9c7e11>; rel=preload; as=fetch; crossorigin');
      expect(res.text).toBe(DETAIL);
    }
  });

  it('puts no id it does not recognise into the Link header, but still answers the item page', async () => {
    const res = await http.get('/detail/%3Cscript%3E%2C%20x');
    expect(res.status).toBe(200);
    expect(res.headers['link']).toBeUndefined();
    expect(res.text).toBe(DETAIL);
  });

  it('answers the sell page with its route\'s page, and no other page with a Link header', async () => {
    const sell = await http.get('/sell').set('Accept-Encoding', 'br');
    expect(sell.headers['cache-control']).toBe('no-cache');
    expect(sell.headers['link']).toBeUndefined();
    expect(sell.text).toBe(SELL);
    expect((await http.get('/')).headers['link']).toBeUndefined();
  });

  it('is sent as it is to a client that accepts no compression', async () => {
    const res = await http.get('/u/keyqueen').unset('Accept-Encoding');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(INDEX);
  });
});

describe('the profile page (issue 37)', () => {
  const PROFILE = INDEX.replace('</head>', '<link rel="modulepreload" crossorigin href="/assets/seller-profile-page-X3.js"></head>');
  let profileDir = '';
  let site: ReturnType<typeof supertest>;

  beforeAll(async () => {
    profileDir = await mkdtemp(path.join(tmpdir(), 'keeb-static-profile-'));
    const dist = path.join(profileDir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'profile.html'), PROFILE);
    site = supertest(express().use(staticRoutes({ uploadsDir: path.join(profileDir, 'uploads'), webDistDir: dist })).use(errorMiddleware));
  });

  afterAll(async () => {
    await rm(profileDir, { recursive: true, force: true });
  });

  it('answers a profile with its route\'s page and a Link header that asks for the profile and its listings with the HTML', async () => {
    for (const at of ['/u/Key_queen-2', '/u/Key_queen-2/']) {
      const res = await site.get(at);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['link']).toBe(
        '</api/user/Key_queen-2/profile>; rel=preload; as=fetch; crossorigin, </api/user/Key_queen-2/items/listed>; rel=preload; as=fetch; crossorigin',
      );
      expect(res.text).toBe(PROFILE);
    }
  });

  it('puts no name that is not a username into the Link header, and sends the feedback page index.html', async () => {
    const odd = await site.get('/u/%3Cscript%3E');
    expect(odd.status).toBe(200);
    expect(odd.headers['link']).toBeUndefined();
    expect(odd.text).toBe(PROFILE);
    const feedback = await site.get('/u/Key_queen-2/rating');
    expect(feedback.headers['link']).toBeUndefined();
    expect(feedback.text).toBe(INDEX);
  });
});

describe('the item page\'s photo (issue 37)', () => {
  const LISTED = '8c0e6c3e-1b2f-4d7a-9b1e-2f0a5d9c7e11';
  const PHOTOS: Record<string, string> = {
    [LISTED]: '/uploads/items/u1/@4x_board.jpg',
    'b0000000-0000-4000-8000-000000000001': 'https://i.imgur.com/abc123.jpg',
    // A seller's link that would break out of the header's entry: not hinted.
    'b0000000-0000-4000-8000-000000000002': 'https://i.imgur.com/a.jpg>; rel=preload; as=script, <https://evil.example/x.js',
  };
  let photoDir = '';
  let site: ReturnType<typeof supertest>;
  const asked: string[] = [];

  beforeAll(async () => {
    photoDir = await mkdtemp(path.join(tmpdir(), 'keeb-static-photo-'));
    const dist = path.join(photoDir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'detail.html'), DETAIL);
    const itemPhoto = async (itemId: string) => {
      asked.push(itemId);
      if (itemId === 'b0000000-0000-4000-8000-00000000dead') throw new Error('database unavailable');
      return PHOTOS[itemId];
    };
    site = supertest(express().use(staticRoutes({ uploadsDir: path.join(photoDir, 'uploads'), webDistDir: dist, itemPhoto })).use(errorMiddleware));
  });

  afterAll(async () => {
    await rm(photoDir, { recursive: true, force: true });
  });

  it('asks for a listed item\'s photo with the HTML, at high priority, after the item\'s call', async () => {
    const res = await site.get(`/detail/${LISTED}`);
    expect(res.status).toBe(200);
    expect(res.headers['link']).toBe(
      `</api/item/${LISTED}>; rel=preload; as=fetch; crossorigin, </uploads/items/u1/@4x_board.jpg>; rel=preload; as=image; fetchpriority=high`,
    );
    expect(res.text).toBe(DETAIL);
    const linked = await site.get('/detail/b0000000-0000-4000-8000-000000000001/');
    expect(linked.headers['link']).toContain('<https://i.imgur.com/abc123.jpg>; rel=preload; as=image; fetchpriority=high');
  });

  it('hints no photo for an unknown item, an odd id, a URL unfit for the header or a failed look-up, and answers the page all the same', async () => {
    for (const id of ['b0000000-0000-4000-8000-0000000000ff', 'b0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-00000000dead']) {
      const res = await site.get(`/detail/${id}`);
      expect(res.status).toBe(200);
      expect(res.headers['link']).toBe(`</api/item/${id}>; rel=preload; as=fetch; crossorigin`);
      expect(res.text).toBe(DETAIL);
    }
    asked.length = 0;
    for (const odd of ['/detail/%3Cscript%3E%2C%20x', `/detail/${'a'.repeat(65)}`, '/detail/%00', '/detail/..%2F..%2Fetc']) {
      const res = await site.get(odd);
      expect(res.status).toBe(200);
      expect(res.headers['link']).toBeUndefined();
    }
    // Only a path shaped like an id is looked up; the rest never reach the look-up.
    expect(asked).toEqual([]);
    // Other pages never look a photo up.
    await site.get('/u/keyqueen');
    await site.get('/');
    expect(asked).toEqual([]);
  });
});
