import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UPDATES_BODY_MAX, UPDATES_SUBJECT_MAX } from '@keeb/shared';
import { DEFAULT_EMAIL_PREFERENCES, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import { UPDATES_PAGE } from './service';

// POST /api/admin/updates (issue 15): product news to the users who opted in to `updates` (off by default).
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const optedIn = { ...DEFAULT_EMAIL_PREFERENCES, updates: true };
const confirmed = new Date();
const letter = { subject: 'New: seller ratings', body: 'Rate sellers <b>after</b> you buy & "tell" others.\nLine two.\n\nSecond paragraph.' };

async function jobCount() {
  const { rows } = (await t.db.db.execute(sql`select count(*)::int as n from pgboss.job where name in ('updates-mail', 'mail')`)) as unknown as { rows: Array<{ n: number }> };
  return rows[0]!.n;
}

describe('POST /api/admin/updates', () => {
  it('is for admins only: logged out 401, another user 403, and nothing is queued', async () => {
    const user = await createUser(t.db.db, { emailPreferences: optedIn, emailConfirmedAt: confirmed });
    const loggedOut = await (await t.client()).post('/api/admin/updates', letter);
    expect(loggedOut.status).toBe(401);
    expect(loggedOut.body).toEqual({ message: 'must login' });
    const other = await (await t.clientAs(user.id)).post('/api/admin/updates', letter);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'forbidden' });
    expect(await jobCount()).toBe(0);
    expect(await readOutbox(t.config.outboxDir)).toEqual([]);
  });

  it('mails only opted-in, confirmed, not removed users, with the body escaped in HTML', async () => {
    const admin = await createUser(t.db.db, { isAdmin: true });
    const reader = await createUser(t.db.db, { username: 'reader', emailPreferences: optedIn, emailConfirmedAt: confirmed });
    await createUser(t.db.db, { username: 'default_off', emailConfirmedAt: confirmed });
    await createUser(t.db.db, { username: 'unconfirmed', emailPreferences: optedIn });
    await createUser(t.db.db, { username: 'removed', emailPreferences: optedIn, emailConfirmedAt: confirmed, removedAt: new Date() });
    const res = await (await t.clientAs(admin.id)).post('/api/admin/updates', letter);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.map((m) => m.to)).toEqual([reader.email]);
    const [mail] = mails;
    expect(mail!.subject).toBe('New: seller ratings');
    expect(mail!.text).toContain('Rate sellers <b>after</b> you buy & "tell" others.\nLine two.\n\nSecond paragraph.');
    expect(mail!.text).toContain('http://keeb.test/settings');
    expect(mail!.html).toContain('<p>Rate sellers &lt;b&gt;after&lt;/b&gt; you buy &amp; &quot;tell&quot; others.<br>Line two.</p><p>Second paragraph.</p>');
    expect(mail!.html).not.toContain('<b>after');
  });

  it('validates subject then body, queuing nothing on bad input', async () => {
    const admin = await createUser(t.db.db, { isAdmin: true });
    const client = await t.clientAs(admin.id);
    const cases: Array<[object, string, string]> = [
      [{ body: 'x' }, 'field_required', 'subject'],
      [{ subject: ' \n ', body: 'x' }, 'field_required', 'subject'],
      [{ subject: 's'.repeat(UPDATES_SUBJECT_MAX + 1), body: 'x' }, 'too_long', 'subject'],
      [{ subject: 'Hi' }, 'field_required', 'body'],
      [{ subject: 'Hi', body: 'b'.repeat(UPDATES_BODY_MAX + 1) }, 'too_long', 'body'],
      [{ subject: 42, body: 'x' }, 'bad_request', 'subject'],
    ];
    for (const [body, message, field] of cases) {
      const res = await client.post('/api/admin/updates', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field).toBe(field);
      if (message !== 'bad_request') expect(res.body.message).toBe(message);
    }
    expect(await jobCount()).toBe(0);
  });

  it('pages through every opted-in user by id, each mailed once even if a page runs twice', async () => {
    const admin = await createUser(t.db.db, { isAdmin: true });
    const count = UPDATES_PAGE + 3;
    const readers = await t.db.db
      .insert(users)
      .values(Array.from({ length: count }, (_, i) => ({ username: `reader_${i}`, email: `reader_${i}@example.test`, emailPreferences: optedIn, emailConfirmedAt: confirmed })))
      .returning({ email: users.email });
    await (await t.clientAs(admin.id)).post('/api/admin/updates', { subject: 'Once', body: 'Only once.' });
    await t.jobs.drain();
    // Run the first page again under its own news id, as a retry of that job would.
    const { rows } = (await t.db.db.execute(sql`select data from pgboss.job where name = 'updates-mail' and data->>'afterUserId' is null`)) as unknown as { rows: Array<{ data: { newsId: string; subject: string; body: string } }> };
    await t.jobs.send('updates-mail', rows[0]!.data);
    const to = (await readOutbox(t.config.outboxDir)).map((m) => m.to).sort();
    expect(to).toEqual(readers.map((r) => r.email).sort());
  });
});
