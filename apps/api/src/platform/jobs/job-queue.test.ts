import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { createLogger } from '../logger';
import type { Mailer, MailMessage } from '../../adapters/mail/mail';
import { queueMail, registerMailWorker, type MailJob } from '../../adapters/mail/mail-queue';
import { createJobQueue, type JobQueue } from './job-queue';

const logger = createLogger({ logLevel: 'silent', logPretty: false });
const message = (to: string): MailMessage => ({ to, subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
const mailJob = (to: string, id: string): MailJob => ({ message: message(to), id, queuedAt: new Date().toISOString() });

/** A Mailer that records what it sends, and can be told to fail its next attempts as an SMTP outage would. */
function recordingMailer() {
  const sent: Array<MailMessage & { at: number }> = [];
  const attempts: string[] = [];
  let failures = 0;
  const mailer: Mailer = {
    async send(m) {
      attempts.push(m.id ?? '');
      if (failures > 0) {
        failures--;
        throw new Error('421 service not available');
      }
      sent.push({ ...m, at: Date.now() });
    },
  };
  return { mailer, sent, attempts, failNext: (n: number) => (failures = n) };
}

let db: TestDatabase;
let jobs: JobQueue;
const recorder = recordingMailer();

beforeAll(async () => {
  db = await createTestDatabase();
  // Retries 1-2 s apart instead of the production 5-10 s, so the retry test stays short.
  jobs = createJobQueue(db, { logger, queues: { mail: { retryDelay: 1 } } });
  registerMailWorker(jobs, recorder.mailer);
  await jobs.start();
});
afterAll(async () => {
  await jobs?.stop();
  await db?.destroy();
});
beforeEach(async () => {
  await jobs.drain();
  await db.db.execute(sql`delete from pgboss.job`);
  recorder.sent.length = 0;
  recorder.attempts.length = 0;
});

/** Polls until `done` holds, failing after `ms`. */
async function until(done: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not done after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('job queue', () => {
  it('queues nothing from a transaction that rolls back, and runs a committed job once', async () => {
    await expect(
      db.db.transaction(async (tx) => {
        await queueMail(jobs, tx, 'rolled-back', message('ghost@example.com'));
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    await db.db.transaction((tx) => queueMail(jobs, tx, 'committed', message('real@example.com')));
    await jobs.drain();
    expect(recorder.sent.map((m) => m.to)).toEqual(['real@example.com']);
    const result = await db.db.execute(sql`select count(*)::int as n from pgboss.job where data->'message'->>'to' = 'ghost@example.com'`);
    const [row] = (result as unknown as { rows: Array<{ n: number }> }).rows;
    expect(row!.n).toBe(0);
  });

  it('queues one job per dedupe key, however often it is sent', async () => {
    const first = await db.db.transaction((tx) => jobs.send('mail', mailJob('once@example.com', 'k1'), { key: 'k1', tx }));
    const again = await jobs.send('mail', mailJob('once@example.com', 'k1'), { key: 'k1' });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBeNull();
    await jobs.drain();
    // Also after it ran: the completed job keeps the key (deleteAfterSeconds).
    expect(await jobs.send('mail', mailJob('once@example.com', 'k1'), { key: 'k1' })).toBeNull();
    await jobs.send('mail', mailJob('other@example.com', 'k2'), { key: 'k2' });
    await jobs.drain();
    expect(recorder.sent.map((m) => [m.to, m.id])).toEqual([
      ['once@example.com', 'k1'],
      ['other@example.com', 'k2'],
    ]);
  });

  it('holds a scheduled job until its time', async () => {
    const startAfter = new Date(Date.now() + 2500);
    await jobs.send('mail', mailJob('later@example.com', 'scheduled'), { key: 'scheduled', startAfter });
    await jobs.drain();
    expect(recorder.sent).toEqual([]);
    await until(() => recorder.sent.length === 1, 10_000);
    expect(recorder.sent[0]!.at).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('retries a failed attempt with backoff until it succeeds, under the same id', async () => {
    recorder.failNext(2);
    const queued = Date.now();
    await db.db.transaction((tx) => queueMail(jobs, tx, 'flaky-smtp', message('retry@example.com')));
    await until(() => recorder.sent.length === 1, 15_000);
    expect(recorder.attempts).toEqual(['flaky-smtp', 'flaky-smtp', 'flaky-smtp']);
    // Backoff: at least retryDelay (1 s) before the first retry, at least 2 s more before the second.
    expect(recorder.sent[0]!.at - queued).toBeGreaterThanOrEqual(3000);
    await jobs.drain();
    expect(recorder.sent).toHaveLength(1);
  });
});

describe.runIf(inject('pgTemplateUrl'))('two API processes on one PostgreSQL database', () => {
  it('run each job once between them', async () => {
    const other = recordingMailer();
    const second = createJobQueue(db, { logger });
    registerMailWorker(second, other.mailer);
    await second.start();
    try {
      const keys = Array.from({ length: 60 }, (_, i) => `shared-${i}`);
      await db.db.transaction(async (tx) => {
        for (const key of keys) await queueMail(jobs, tx, key, message(`${key}@example.com`));
      });
      await until(() => recorder.sent.length + other.sent.length >= keys.length, 20_000);
      await Promise.all([jobs.drain(), second.drain()]);
      const ids = [...recorder.sent, ...other.sent].map((m) => m.id).sort();
      expect(ids).toEqual([...keys].sort());
      console.log(`two workers: ${recorder.sent.length} + ${other.sent.length} of ${keys.length} jobs, none twice`);
    } finally {
      await second.stop();
    }
  });
});
