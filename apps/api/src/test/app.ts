import { createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import { sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createApp } from '../app';
import type { Database } from '../db/client';
import type { ReplicaSet } from '../db/replicas';
import { loadConfig, type Config } from '../config';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../platform/jobs/job-queue';
import { createLogger } from '../platform/logger';
import { RateLimits } from '../platform/rate-limit';
import { createSessionMiddleware, SESSION_COOKIE } from '../platform/session';
import { createTestDatabase, type TestDatabase } from './db';
import { drainBeforeReading } from './outbox';

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export interface TestContext {
  app: Express;
  db: TestDatabase;
  config: Config;
  /** The app's job queue, started; `await t.jobs.drain()` waits for the jobs queued so far (readOutbox does). */
  jobs: JobQueue;
  /** A logged-out client. */
  client(): Promise<TestClient>;
  /** A client signed in as `userId` through a real session row (sign-in itself arrives with the accounts issue). */
  clientAs(userId: string): Promise<TestClient>;
}

export type TestClient = Awaited<ReturnType<typeof createClient>>;

/**
 * A client with its own cookie jar, like a browser: it keeps the XSRF token it was issued and whatever session
 * cookie the app sets (sign-up, sign-in) or clears (logout), and sends X-XSRF-TOKEN on state-changing calls, as
 * the web client's axios instance does.
 */
async function createClient(app: Express, sessionCookie?: string) {
  const jar = new Map<string, string>();
  const remember = (setCookies: string[] | string | undefined) => {
    for (const cookie of ([] as string[]).concat(setCookies ?? [])) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  if (sessionCookie) remember(sessionCookie);
  const http = supertest(app);
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const track = <T extends supertest.Test>(request: T): T => {
    request.set('Cookie', cookieHeader()).on('response', (res: { headers: Record<string, string[] | string | undefined> }) => remember(res.headers['set-cookie']));
    return request;
  };
  await track(http.get('/api/health'));
  if (!jar.get('XSRF-TOKEN')) throw new Error('no XSRF-TOKEN cookie on the first response');
  // The token in the jar now: signing in or out issues a new one, as the browser's cookie would change.
  const xsrfNow = () => jar.get('XSRF-TOKEN') ?? '';
  return {
    /** The XSRF token this client holds now. */
    get xsrf() {
      return xsrfNow();
    },
    /** The Cookie header this client sends now (for socket.io handshakes). */
    get cookie() {
      return cookieHeader();
    },
    // Like the web client's axios (withXSRFToken), every call carries the header, GETs included.
    get: (url: string) => track(http.get(url)).set('X-XSRF-TOKEN', xsrfNow()),
    post: (url: string, body?: object) => track(http.post(url)).set('X-XSRF-TOKEN', xsrfNow()).send(body),
    put: (url: string, body?: object) => track(http.put(url)).set('X-XSRF-TOKEN', xsrfNow()).send(body),
    delete: (url: string) => track(http.delete(url)).set('X-XSRF-TOKEN', xsrfNow()),
    /** A multipart upload of one file field. */
    upload: (url: string, field: string, file: Buffer, filename: string) =>
      track(http.post(url)).set('X-XSRF-TOKEN', xsrfNow()).attach(field, file, filename),
  };
}

/** Signs a session id the way express-session does (cookie-signature: HMAC-SHA256, base64 without padding). */
function signedSessionCookie(sid: string): string {
  const mac = createHmac('sha256', TEST_SESSION_SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `${SESSION_COOKIE}=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

/** Another database than the file's own copy of the template, and read replicas of it (replica-routing.test.ts). */
export interface TestDatabaseOptions {
  database?: () => Promise<TestDatabase>;
  replicas?: (primary: Database) => Promise<ReplicaSet>;
  /**
   * The file's tests only read what its beforeAll wrote (the EXPLAIN files' thousands of listings): the user tables
   * start empty for the file, not again before each test.
   */
  sharedRows?: boolean;
}

/**
 * Registers hooks that give each test file its own real database and the real app on it; every test starts
 * from empty user tables. `overrides` are environment variables (or a function answering them).
 */
export function useTestApp(
  overrides: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) = {},
  jobOptions: Pick<JobQueueOptions, 'queues'> = {},
  databases: TestDatabaseOptions = {},
): TestContext {
  const context = {} as TestContext;
  let dataDir = '';
  let stopApp = async () => {};
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'keeb-api-'));
    const db = await (databases.database ?? createTestDatabase)();
    const replicas = await databases.replicas?.(db.db);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LOG_PRETTY: '0',
      DATA_DIR: dataDir,
      SESSION_SECRET: TEST_SESSION_SECRET,
      // Tests write listings straight into the database and read the feed at once; first-pages.test.ts turns it on.
      FIRST_PAGE_CACHE_MS: '0',
      // Likewise the item page's seller trust figures (trust-cache.test.ts turns it on).
      TRUST_CACHE_MS: '0',
      // A function is read when the app is built, after earlier beforeAll hooks started any fake servers.
      ...(typeof overrides === 'function' ? overrides() : overrides),
    });
    const session = createSessionMiddleware(config, db.db);
    const logger = createLogger(config);
    const jobs = createJobQueue(db, { logger, ...jobOptions });
    const app = createApp({
      config,
      db: db.db,
      replicas,
      logger,
      limits: new RateLimits({ db: db.db }),
      session: session.middleware,
      sessionViewer: session.viewer,
      jobs,
    });
    await jobs.start();
    drainBeforeReading(config.outboxDir, () => jobs.drain());
    stopApp = async () => {
      await jobs.stop();
      session.store.close();
      await replicas?.close();
    };
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
    Object.assign(context, { app, db, config, jobs, client: () => createClient(app), clientAs });
  });
  beforeEach(async () => {
    // Jobs of earlier tests run out, and none is left waiting to act in this one.
    await context.jobs.drain();
    await context.db.db.execute(sql`delete from pgboss.job`);
    if (!databases.sharedRows) await context.db.reset();
    // Mail and SMS of earlier tests would otherwise be read as this test's.
    await rm(context.config.outboxDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    // Workers first: a mail job still running would write into the data dir being removed.
    await stopApp();
    await context.db?.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });
  return context;
}
