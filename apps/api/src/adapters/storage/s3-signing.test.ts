import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createS3Client, createS3Storage, type S3Config } from './s3';

// s3rver accepts any signature, so what the client signs and sends is checked here, against a server that records
// each request and answers as S3 does; the signature itself is recomputed from the SigV4 rules.

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const recorded: Recorded[] = [];
let server: Server;
let endpoint = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { ETag: '"0123456789abcdef0123456789abcdef"', 'Content-Length': '0' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  recorded.length = 0;
});

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const config = (): S3Config => ({
  bucket: 'photos',
  endpoint,
  region: 'eu-central-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: SECRET,
  forcePathStyle: true,
  publicUrl: undefined,
});

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The SigV4 signature of a recorded request, computed from the specification, not by the SDK's signer. */
function expectedSignature(request: Recorded, signedHeaders: string[], scope: string[]): string {
  const url = new URL(request.url, 'http://placeholder');
  const query = [...url.searchParams].map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`).sort().join('&');
  const headers = signedHeaders.map((name) => `${name}:${String(request.headers[name]).trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [request.method, url.pathname, query, headers, signedHeaders.join(';'), String(request.headers['x-amz-content-sha256'])].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', String(request.headers['x-amz-date']), scope.join('/'), sha256(canonical)].join('\n');
  const [date, region, service, terminal] = scope as [string, string, string, string];
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date), region), service), terminal);
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('the S3 client as configured', () => {
  it('sends one PutObject with the type and cache headers and no checksum a store could refuse', async () => {
    const body = Buffer.from('not really a jpeg, but bytes');
    const url = await createS3Storage(config()).put('items/u1/abc.jpg', body);
    expect(url).toBe('/uploads/items/u1/abc.jpg');
    expect(recorded).toHaveLength(1);
    const [put] = recorded as [Recorded];
    expect(put.method).toBe('PUT');
    expect(put.headers['content-type']).toBe('image/jpeg');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(put.body, body)).toBe(0);
    // requestChecksumCalculation: 'WHEN_REQUIRED': no CRC32 (or any) checksum header, no trailer, no chunked body.
    const names = Object.keys(put.headers);
    expect(names.filter((name) => name.startsWith('x-amz-checksum') || name === 'x-amz-sdk-checksum-algorithm' || name === 'x-amz-trailer')).toEqual([]);
    expect(put.headers['content-encoding']).toBeUndefined();
    expect(put.headers['content-length']).toBe(String(body.length));
  });

  it('addresses the bucket in the path at a custom endpoint, and signs with SigV4 for its region', async () => {
    const body = Buffer.from('photo bytes');
    await createS3Storage(config()).put('items/u2/@2x_0123456789ab.jpg', body);
    const [put] = recorded as [Recorded];
    expect(put.headers.host).toBe(new URL(endpoint).host);
    expect(new URL(put.url, 'http://x').pathname).toBe('/photos/items/u2/%402x_0123456789ab.jpg');
    // The payload is signed: its SHA-256, not UNSIGNED-PAYLOAD.
    expect(put.headers['x-amz-content-sha256']).toBe(sha256(body));
    const auth = /^AWS4-HMAC-SHA256 Credential=([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(String(put.headers.authorization));
    expect(auth).not.toBeNull();
    const [, credential, signedHeaders, signature] = auth as unknown as [string, string, string, string];
    const [key, ...scope] = credential.split('/');
    expect(key).toBe('AKIDEXAMPLE');
    expect(scope).toEqual([String(put.headers['x-amz-date']).slice(0, 8), 'eu-central-1', 's3', 'aws4_request']);
    const signed = signedHeaders.split(';');
    expect(signed).toEqual(expect.arrayContaining(['host', 'x-amz-content-sha256', 'x-amz-date', 'content-type']));
    expect(signature).toBe(expectedSignature(put, signed, scope));
  });

  it('deletes a photo object by object, without the checksummed DeleteObjects call', async () => {
    await createS3Storage(config()).delete(['blog/a.jpg', 'blog/@4x_a.jpg']);
    expect(recorded.map((r) => [r.method, decodeURIComponent(new URL(r.url, 'http://x').pathname)])).toEqual([
      ['DELETE', '/photos/blog/a.jpg'],
      ['DELETE', '/photos/blog/@4x_a.jpg'],
    ]);
    expect(recorded.flatMap((r) => Object.keys(r.headers).filter((name) => name.startsWith('x-amz-checksum')))).toEqual([]);
  });
});

describe('a store that does not answer', () => {
  it('gives up and answers storage_unavailable instead of holding the upload', async () => {
    // Accepts connections and never answers, as a store stuck behind a dead load balancer would.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const stuck = { ...config(), endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` };
      // The production timeouts are seconds (s3.ts); shortened here so the test does not wait for them.
      const storage = createS3Storage(stuck, createS3Client(stuck, { connectMs: 200, requestMs: 200 }));
      await expect(storage.put('items/u1/abc.jpg', Buffer.from('x'))).rejects.toMatchObject({ status: 503, code: 'storage_unavailable' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('S3 configuration', () => {
  const base = { S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
  it('uses path-style addressing by default only at a custom endpoint, us-east-1 by default', () => {
    expect(loadConfig({ ...base, S3_ENDPOINT: 'https://s3.example.net' }).s3).toMatchObject({ forcePathStyle: true, region: 'us-east-1' });
    expect(loadConfig(base).s3).toMatchObject({ forcePathStyle: false, endpoint: undefined });
    expect(loadConfig({ ...base, S3_ENDPOINT: 'https://s3.example.net', S3_FORCE_PATH_STYLE: '0' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ S3_PUBLIC_URL: 'https://cdn.example.net/' }).s3).toBeUndefined();
    expect(loadConfig({ ...base, S3_PUBLIC_URL: 'https://cdn.example.net/photos/' }).s3?.publicUrl).toBe('https://cdn.example.net/photos');
  });

  it('refuses half a key pair and a public URL that is not http(s)', () => {
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY must be set together with S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ ...base, S3_PUBLIC_URL: 'ftp://cdn.example.net' })).toThrow(/S3_PUBLIC_URL/);
  });
});
