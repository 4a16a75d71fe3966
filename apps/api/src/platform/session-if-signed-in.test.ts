import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import cookieParser from 'cookie-parser';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/accounts/passwords';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';
import { SESSION_COOKIE, withSessionIfSignedIn } from './session';

const sessionCookieOf = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));

describe('withSessionIfSignedIn', () => {
  // The wrapper alone, around a stand-in for express-session that marks the sessions it loads.
  const loaded: RequestHandler = (req, _res, next) => {
    req.session = { userId: 'loaded' } as never;
    next();
  };
  const routes = express.Router();
  routes.get('/who', (req, res) => {
    res.json({ userId: req.session.userId ?? null });
  });
  routes.get('/write', (req, res) => {
    req.session.userId = 'written';
    res.json({ userId: req.session.userId });
  });
  const app = express();
  app.use(cookieParser());
  app.use(withSessionIfSignedIn(loaded, routes));
  app.get('/after', (req, res) => {
    res.json({ hasSession: req.session !== undefined });
  });
  app.use(((error, _req, res, _next) => {
    res.status(500).json({ error: error instanceof TypeError ? 'TypeError' : String(error) });
  }) as ErrorRequestHandler);

  it('loads the session when the request has a session cookie', async () => {
    const res = await supertest(app).get('/who').set('Cookie', `${SESSION_COOKIE}=s%3Aabc.def`);
    expect(res.body).toEqual({ userId: 'loaded' });
  });

  it('reads nobody without one, and a write to that session fails loudly instead of vanishing', async () => {
    expect((await supertest(app).get('/who')).body).toEqual({ userId: null });
    const write = await supertest(app).get('/write');
    expect([write.status, write.body]).toEqual([500, { error: 'TypeError' }]);
  });

  it('takes its empty session away from requests the routes do not answer', async () => {
    expect((await supertest(app).get('/after')).body).toEqual({ hasSession: false });
  });
});

describe('sessions around the public lists', () => {
  const t = useTestApp();

  it('a signed-out list call makes no session; a later sign-in on the same client gets one and is signed in', async () => {
    const user = await createUser(t.db.db, { username: 'list_reader', passwordHash: await hashPassword('correct horse') });
    const client = await t.client();
    const list = await client.get('/api/items');
    expect(list.status).toBe(200);
    expect(sessionCookieOf(list)).toBeUndefined();
    expect((await client.get('/api/me/items/saved')).status).toBe(401);
    const login = await client.post('/api/login', { username: 'list_reader', password: 'correct horse' });
    expect(login.status).toBe(200);
    expect(sessionCookieOf(login)).toBeDefined();
    // Signed in, the lists read the session: the viewer's own lists answer.
    expect((await client.get('/api/me/items/saved')).status).toBe(200);
    expect((await client.get(`/api/user/${user.username}/items/listed`)).status).toBe(200);
  });
});
