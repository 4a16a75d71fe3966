import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { readOutbox } from '../../test/outbox';

const t = useTestApp({ TEAM_EMAIL: 'team@example.com' });

describe('POST /api/contact', () => {
  it.each([
    [{ reason: 'r', message: 'm' }, 'email_required', 'email'],
    [{ email: 'bad', reason: 'r', message: 'm' }, 'email_format', 'email'],
    [{ email: 'a@example.com', reason: ' ', message: 'm' }, 'reason_required', 'reason'],
    [{ email: 'a@example.com', reason: 'r', message: '' }, 'message_required', 'message'],
  ])('validates %o in order', async (body, message, field) => {
    const res = await (await t.client()).post('/api/contact', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await t.db.db.select().from(contactMessages)).toEqual([]);
  });

  it('stores the message and mails it to the team with a reply-to', async () => {
    const user = await createUser(t.db.db, { username: 'helpful' });
    const res = await (await t.clientAs(user.id)).post('/api/contact', { email: 'Me@Example.com', reason: 'Bug report', message: 'The <b>feed</b> is great' });
    expect(res.body).toEqual({ ok: true });
    const [row] = await t.db.db.select().from(contactMessages);
    expect(row).toMatchObject({ email: 'me@example.com', reason: 'Bug report', userId: user.id });
    const [mail] = await readOutbox(t.config.outboxDir);
    expect(mail).toMatchObject({ to: 'team@example.com', subject: 'Contact form: Bug report' });
    expect(mail!.text).toContain('From: helpful <me@example.com>');
    expect(mail!.html).toContain('&lt;b&gt;feed&lt;/b&gt;');
  });
});

describe('POST /api/request-access', () => {
  it('records the request once and validates the email', async () => {
    const client = await t.client();
    expect((await client.post('/api/request-access', { email: 'x' })).body).toEqual({ message: 'email_format', field: 'email' });
    expect((await client.post('/api/request-access', { email: 'Wants@In.com' })).body).toEqual({ ok: true });
    expect((await client.post('/api/request-access', { email: 'wants@in.com' })).body).toEqual({ ok: true });
  });
});
