import { eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { users } from '../db/schema/index';
import { useTestApp } from '../test/app';
import { createUser } from '../test/factories';
import { createJobQueue } from './jobs/job-queue';
import { createLogger } from './logger';
import { RateLimits } from './rate-limit';
import { LOGGED_URL_MAX, redactUrl } from './log-redact';
import { createSessionMiddleware } from './session';

const t = useTestApp();

/** A logger at info level whose JSON lines land in `lines`, as they would on stdout. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: 'info', logPretty: false }, { write: (line: string) => void lines.push(line) });
  return { logger, lines, text: () => lines.join('') };
}

describe('redactUrl', () => {
  it('hides secret parameters however their names are written, and leaves other queries as they are', () => {
    expect(redactUrl('/api/x?Code=1&a=2')).toBe('/api/x?Code=[redacted]&a=2');
    expect(redactUrl('/api/x?%63ode=1&a=2')).toBe('/api/x?%63ode=[redacted]&a=2');
    expect(redactUrl('/api/x?a=1&access%5Ftoken=2')).toBe('/api/x?a=1&access%5Ftoken=[redacted]');
    expect(redactUrl('/api/x?a=1&payerId=2')).toBe('/api/x?a=1&payerId=[redacted]');
    const list = '/api/items?ts=2026-01-10T12%3A00%3A00.000Z&cursorId=0b7c&searchText=holy+panda&codes=1';
    expect(redactUrl(list)).toBe(list);
  });

  it('keeps the first LOGGED_URL_MAX characters of a long URL and says how long it was (issue 36: 14 KB URLs logged whole)', () => {
    const crafted = `/api/items/facets?code=s3cret&quantity=${Array.from({ length: 3000 }, (_, i) => i + 1).join(',')}&token=late`;
    const logged = redactUrl(crafted);
    expect(logged.length).toBeLessThan(LOGGED_URL_MAX + 40);
    expect(logged.startsWith('/api/items/facets?code=[redacted]&quantity=1,2,3,')).toBe(true);
    expect(logged.endsWith(`... (${crafted.length} characters)`)).toBe(true);
    // Redacted before it is cut: no secret's start is left at the cut either.
    expect(logged).not.toContain('s3cret');
    expect(logged).not.toContain('late');
    const short = '/api/items?categoryIds=keyboards&size=65%25';
    expect(redactUrl(short)).toBe(short);
  });
});

describe('the access log redacts secrets in URLs', () => {
  it('writes reset and confirmation tokens and secret query values as [redacted]', async () => {
    const { logger, text } = capturingLogger();
    const session = createSessionMiddleware(t.config, t.db.db);
    // A queue of its own, never started: this app only logs, and the test app's queue has its mail worker already.
    const app = createApp({ config: t.config, db: t.db.db, logger, limits: new RateLimits({ db: t.db.db }), session: session.middleware, jobs: createJobQueue(t.db, { logger }) });
    const http = supertest(app);
    await http.get('/reset-password/SECRETRESETLINK1');
    await http.get('/confirm-email/SECRETCONFIRMLINK2');
    await http.post('/api/password/SECRETAPITOKEN3/valid');
    await http.post('/api/password/SECRETAPITOKEN4/reset');
    await http.get('/api/auth/facebook?code=SECRETCODE5&state=SECRETSTATE6');
    await http.get('/api/items?searchText=holy+panda&Token=SECRETQUERY7');
    await http.get('/api/no-such-call?access_token=SECRETQUERY8');
    session.store.close();

    const log = text();
    expect(log).not.toMatch(/SECRET/);
    expect(log).toContain('"url":"/reset-password/[redacted]"');
    expect(log).toContain('"url":"/api/password/[redacted]/valid"');
    expect(log).toContain('"url":"/api/items?searchText=holy+panda&Token=[redacted]"');
    // Paths without secrets are left as they are.
    expect(log).toContain('"url":"/api/no-such-call?access_token=[redacted]"');
  });
});

describe('error logs carry no SQL values', () => {
  it('logs a failed statement by its code, without the query text or its parameters', async () => {
    const { logger, text } = capturingLogger();
    const failure = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = ${'private.person@example.com'} and 1 / 0 = 1`)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    logger.error({ err: failure }, 'unhandled error');
    const log = text();
    expect(log).not.toContain('private.person@example.com');
    expect(log).not.toMatch(/select|params/i);
    expect(log).toContain('"code":"22012"');
    expect(log).toContain('"msg":"unhandled error"');
  });

  it("logs a unique violation by its constraint, without the row's values", async () => {
    const { logger, text } = capturingLogger();
    await createUser(t.db.db, { email: 'taken.person@example.com' });
    const failure = await createUser(t.db.db, { email: 'taken.person@example.com' }).catch((error: unknown) => error);
    logger.error({ err: failure }, 'unhandled error');
    const log = text();
    expect(log).not.toContain('taken.person@example.com');
    expect(log).toContain('"constraint":"users_email_key"');
    expect(await t.db.db.select().from(users).where(eq(users.email, 'taken.person@example.com'))).toHaveLength(1);
  });

  it('keeps the message of an ordinary error and drops values quoted by the database', async () => {
    const { logger, text } = capturingLogger();
    const failure = await t.db.db.execute(sql`select ${'not-a-uuid-secret'}::uuid`).catch((error: unknown) => error);
    logger.error({ err: failure }, 'db');
    logger.error({ err: new Error('mail server said no') }, 'mail');
    const log = text();
    expect(log).not.toContain('not-a-uuid-secret');
    expect(log).toContain('mail server said no');
  });
});
