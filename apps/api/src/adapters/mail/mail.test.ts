import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../test/outbox';
import { createMailer } from './mail';

const message = { to: 'fan@example.com', subject: 'Confirm your email', text: 'Open https://x.test/confirm-email/abc', html: '<p>Open <a href="https://x.test/confirm-email/abc">it</a></p>' };
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'keeb-mail-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('mail over SMTP (SMTP_URL)', () => {
  it('delivers the message with text and HTML parts to the SMTP server, writing nothing to the outbox', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    try {
      const outboxDir = path.join(dir, 'smtp-outbox');
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'KeebMarket <no-reply@keeb.test>', outboxDir });
      await mailer.send(message);
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('no-reply@keeb.test');
      expect(received[0]!.to).toEqual(['fan@example.com']);
      expect(received[0]!.data).toMatch(/Content-Type: text\/plain/);
      expect(received[0]!.data).toMatch(/Content-Type: text\/html/);
      expect(await readdir(outboxDir).catch(() => [])).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('mail without SMTP_URL', () => {
  it('writes a readable .eml file per message into the outbox', async () => {
    const outboxDir = path.join(dir, 'outbox');
    await createMailer({ smtpUrl: undefined, mailFrom: 'KeebMarket <no-reply@keeb.test>', outboxDir }).send(message);
    const [mail] = await readOutbox(outboxDir);
    expect(mail).toEqual({ to: 'fan@example.com', subject: 'Confirm your email', text: message.text, html: message.html });
  });
});

describe('a message with an id (a mail job)', () => {
  it('is one outbox file with one Message-ID however often it is sent, dated when it was queued', async () => {
    const outboxDir = path.join(dir, 'outbox-ids');
    const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'KeebMarket <no-reply@keeb.test>', outboxDir });
    const date = new Date('2026-11-23T08:00:00.000Z');
    await mailer.send({ ...message, id: 'confirm-email:abc', date });
    await mailer.send({ ...message, id: 'confirm-email:abc', date });
    await mailer.send({ ...message, id: 'confirm-email:def', date });
    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.startsWith('2026-11-23T08-00-00-000Z-') && f.endsWith('.eml'))).toBe(true);
    const raw = await readFile(path.join(outboxDir, files[0]!), 'utf8');
    expect(raw).toMatch(/^Message-ID: <[0-9a-f]{32}@keeb\.test>$/m);
    expect(raw).toMatch(/^Date: Mon, 23 Nov 2026 08:00:00 \+0000$/m);
    expect(raw).not.toContain('confirm-email:abc');
  });
});
