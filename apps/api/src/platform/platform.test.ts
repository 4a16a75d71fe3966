import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';

const t = useTestApp({ BODY_LIMIT: '1kb' });

describe('health', () => {
  it('answers ok once the database answers', async () => {
    const res = await (await t.client()).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('XSRF double submit', () => {
  it('issues a readable XSRF-TOKEN cookie', async () => {
    const client = await t.client();
    expect(client.xsrf.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a state-changing call without the header', async () => {
    const client = await t.client();
    const res = await client.get('/api/health');
    expect(res.status).toBe(200);
    const { default: supertest } = await import('supertest');
    const noHeader = await supertest(t.app).post('/api/logout').set('Cookie', `XSRF-TOKEN=${client.xsrf}`);
    expect(noHeader.status).toBe(403);
    expect(noHeader.body).toEqual({ message: 'invalid_xsrf_token' });
  });

  it('refuses a header that does not match the cookie', async () => {
    const client = await t.client();
    const { default: supertest } = await import('supertest');
    const res = await supertest(t.app)
      .post('/api/logout')
      .set('Cookie', `XSRF-TOKEN=${client.xsrf}`)
      .set('X-XSRF-TOKEN', `${client.xsrf.slice(0, -1)}x`);
    expect(res.status).toBe(403);
  });

  it('refuses a header without a cookie', async () => {
    const client = await t.client();
    const { default: supertest } = await import('supertest');
    const res = await supertest(t.app).post('/api/logout').set('X-XSRF-TOKEN', client.xsrf);
    expect(res.status).toBe(403);
  });

  it('lets a matching header through', async () => {
    const res = await (await t.client()).post('/api/logout');
    expect(res.status).toBe(200);
  });
});

describe('request bodies', () => {
  it('answers 400 with a message for malformed JSON', async () => {
    const client = await t.client();
    const { default: supertest } = await import('supertest');
    const res = await supertest(t.app)
      .post('/api/logout')
      .set('Cookie', `XSRF-TOKEN=${client.xsrf}`)
      .set('X-XSRF-TOKEN', client.xsrf)
      .set('Content-Type', 'application/json')
      .send('{"username": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'invalid_json' });
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await (await t.client()).post('/api/logout', { text: 'x'.repeat(2048) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'payload_too_large' });
  });
});

describe('errors', () => {
  it('answers 404 not_found for an unknown API path', async () => {
    const res = await (await t.client()).get('/api/no-such-call');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'not_found' });
  });

  it('answers a 400 code for invalid query input', async () => {
    const res = await (await t.client()).get('/api/items?ts=yesterday');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'invalid_cursor', field: 'ts' });
  });

  it('sets security headers with a strict CSP and a request id', async () => {
    const res = await (await t.client()).get('/api/health');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('sets the same security headers on the lists, which are routed before the rest', async () => {
    const client = await t.client();
    const health = await client.get('/api/health');
    const list = await client.get('/api/items');
    expect(list.status).toBe(200);
    const securityHeaders = (headers: Record<string, string>) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'x-request-id', 'content-length', 'set-cookie', 'cache-control'].includes(name)));
    expect(securityHeaders(list.headers)).toEqual(securityHeaders(health.headers));
    expect(list.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(list.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('echoes a proxy-supplied request id', async () => {
    const client = await t.client();
    const res = await client.get('/api/health').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});
