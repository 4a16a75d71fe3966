import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createLogger } from '../platform/logger';
import { RateLimits } from '../platform/rate-limit';
import { createSessionMiddleware, SESSION_COOKIE } from '../platform/session';
import { createTestDatabase, type TestDatabase } from './db';

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export interface TestContext {
  app: Express;
  db: TestDatabase;
  config: Config;
  /** A logged-out client. */
  client(): Promise<TestClient>;
  /** A client signed in as `userId` through a real session row (sign-in itself arrives with the accounts issue). */
  clientAs(userId: string): Promise<TestClient>;
}

export type TestClient = Awaited<ReturnType<typeof createClient>>;

/**
 * A client that sends its cookies explicitly: the XSRF token it was issued, and the session cookie once signed
 * in. State-changing calls carry the X-XSRF-TOKEN header, as the web client's axios instance does.
 */
async function createClient(app: Express, sessionCookie?: string) {
  const first = await supertest(app).get('/api/health');
  const cookies = ([] as string[]).concat(first.headers['set-cookie'] ?? []);
  const xsrf = cookies.map((c) => /^XSRF-TOKEN=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie on the first response');
  const cookie = [`XSRF-TOKEN=${xsrf}`, ...(sessionCookie ? [sessionCookie] : [])].join('; ');
  const http = supertest(app);
  return {
    xsrf,
    /** The Cookie header this client sends (for socket.io handshakes). */
    cookie,
    get: (url: string) => http.get(url).set('Cookie', cookie),
    post: (url: string, body?: object) => http.post(url).set('Cookie', cookie).set('X-XSRF-TOKEN', xsrf).send(body),
    put: (url: string, body?: object) => http.put(url).set('Cookie', cookie).set('X-XSRF-TOKEN', xsrf).send(body),
    delete: (url: string) => http.delete(url).set('Cookie', cookie).set('X-XSRF-TOKEN', xsrf),
  };
}

/** Signs a session id the way express-session does (cookie-signature: HMAC-SHA256, base64 without padding). */
function signedSessionCookie(sid: string): string {
  const mac = createHmac('sha256', TEST_SESSION_SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

/**
 * Registers hooks that give each test file its own real database and the real app on it; every test starts
 * from empty user tables.
 */
export function useTestApp(overrides: NodeJS.ProcessEnv = {}): TestContext {
  const context = {} as TestContext;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'keeb-api-'));
    const db = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LOG_PRETTY: '0',
      DATA_DIR: dataDir,
      SESSION_SECRET: TEST_SESSION_SECRET,
      ...overrides,
    });
    const session = createSessionMiddleware(config, db.db);
    const app = createApp({
      config,
      db: db.db,
      logger: createLogger(config),
      limits: new RateLimits({ db: db.db }),
      session: session.middleware,
    });
    afterAll(() => session.store.close());
    const clientAs = async (userId: string) => {
      const sid = randomBytes(24).toString('base64url');
      const expires = new Date(Date.now() + 60 * 60 * 1000);
      await new Promise<void>((resolve, reject) =>
        session.store.set(sid, { cookie: { originalMaxAge: 3_600_000, expires, httpOnly: true, sameSite: 'lax', path: '/' }, userId } as never, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
      return createClient(app, signedSessionCookie(sid));
    };
    Object.assign(context, { app, db, config, client: () => createClient(app), clientAs });
  });
  beforeEach(async () => {
    await context.db.reset();
  });
  afterAll(async () => {
    await context.db?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });
  return context;
}
