import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/db';
import { startFakeSmtp, type FakeSmtp } from '../../test/fakes/smtp';
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue';
import { createLogger } from '../../platform/logger';
import { createMailer } from './mail';
import { openSentLedger } from './mail-ledger';
import { queueMail, queueMails, registerMailWorker } from './mail-queue';

async function until(done: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not done after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp?.close());

describe('mail jobs over SMTP', () => {
  let db: TestDatabase;
  let jobs: JobQueue;
  let outboxDir = '';
  beforeAll(async () => {
    outboxDir = await mkdtemp(path.join(tmpdir(), 'keeb-mailq-'));
    db = await createTestDatabase();
    // Retries 1-2 s apart instead of 5-10 s, to keep the test short.
    jobs = createJobQueue(db, { logger: createLogger({ logLevel: 'silent', logPretty: false }), queues: { mail: { retryDelay: 1 } } });
    registerMailWorker(jobs, createMailer({ smtpUrl: smtp.url, mailFrom: 'KeebMarket <no-reply@keeb.test>', outboxDir }), outboxDir);
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await db?.destroy();
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('keeps a mail the server refuses and delivers it once when the server takes it, under one Message-ID', async () => {
    smtp.received.length = 0;
    smtp.refuseNext(2);
    await db.db.transaction((tx) =>
      queueMail(jobs, tx, 'refused-twice', { to: 'patient@example.com', subject: 'Confirm your email', text: 'Hi', html: '<p>Hi</p>' }),
    );
    await until(() => smtp.received.length === 1, 15_000);
    expect(smtp.refused).toHaveLength(2);
    expect(smtp.received[0]!.to).toEqual(['patient@example.com']);
    expect(smtp.received[0]!.messageId).toMatch(/^<[0-9a-f]{32}@keeb\.test>$/);
    expect(smtp.refused).toEqual([smtp.received[0]!.messageId, smtp.received[0]!.messageId]);
    await jobs.drain();
    const result = await db.db.execute(sql`select state from pgboss.job where name = 'mail' and data->>'id' = 'refused-twice'`);
    const [row] = (result as unknown as { rows: Array<{ state: string }> }).rows;
    expect(row!.state).toBe('completed');
    expect(smtp.received).toHaveLength(1);
  });

  it('completes without sending a mail the sent ledger shows the server already took (a crash before completion)', async () => {
    smtp.received.length = 0;
    openSentLedger(path.join(outboxDir, 'mail-sent')).record('taken-before-the-crash');
    await db.db.transaction((tx) =>
      queueMail(jobs, tx, 'taken-before-the-crash', { to: 'once@example.com', subject: 'Confirm your email', text: 'Hi', html: '<p>Hi</p>' }),
    );
    await jobs.drain();
    const result = await db.db.execute(sql`select state from pgboss.job where name = 'mail' and data->>'id' = 'taken-before-the-crash'`);
    expect((result as unknown as { rows: Array<{ state: string }> }).rows).toEqual([{ state: 'completed' }]);
    expect(smtp.received).toEqual([]);
  });

  it('queues many mails in one statement, each key once, delivering each once and none after a rollback', async () => {
    smtp.received.length = 0;
    const mail = (to: string) => ({ to, subject: 'New match for GMK Olivia', text: 'Hi', html: '<p>Hi</p>' });
    // A key twice in one batch (kept once) and a key queued before (skipped): three mails in all.
    await db.db.transaction((tx) => queueMail(jobs, tx, 'batch:c', mail('c@example.com')));
    await db.db.transaction((tx) =>
      queueMails(jobs, tx, [
        { key: 'batch:a', message: mail('a@example.com') },
        { key: 'batch:b', message: mail('b@example.com') },
        { key: 'batch:a', message: mail('a@example.com') },
        { key: 'batch:c', message: mail('c@example.com') },
      ]),
    );
    await expect(
      db.db.transaction(async (tx) => {
        await queueMails(jobs, tx, [{ key: 'batch:rolled-back', message: mail('d@example.com') }]);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    await until(() => smtp.received.length >= 3, 15_000);
    await jobs.drain();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });
});

describe('mail from a request', () => {
  const t = useTestApp(() => ({ SMTP_URL: smtp.url }));

  it('answers the request while the SMTP server stalls, and delivers the mail when it recovers', async () => {
    smtp.received.length = 0;
    smtp.stall();
    try {
      const client = await t.client();
      const res = await client.post('/api/signup', { username: 'Stalled_Fan', password: 'correct horse', email: 'stalled@example.com', shippingRegion: 'US' });
      expect(res.status).toBe(200);
      expect(smtp.received).toEqual([]);
    } finally {
      smtp.release();
    }
    await until(() => smtp.received.length === 1, 10_000);
    expect(smtp.received[0]!.to).toEqual(['stalled@example.com']);
    expect(smtp.received[0]!.data).toMatch(/confirm-email\//);
  });
});
