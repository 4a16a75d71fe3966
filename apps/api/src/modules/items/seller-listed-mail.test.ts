import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_PREFERENCES, follows, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import { FOLLOWER_MAIL_PAGE } from './service';

// The followedSellerListed preference (issue 15): an approved listing is mailed to the seller's followers.
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const off = { ...DEFAULT_EMAIL_PREFERENCES, followedSellerListed: false };

async function world() {
  const seller = await createUser(t.db.db, { username: 'clacky' });
  const admin = await createUser(t.db.db, { isAdmin: true });
  const wants = await createUser(t.db.db, { username: 'wants' });
  const optedOut = await createUser(t.db.db, { username: 'optedout', emailPreferences: off });
  const removed = await createUser(t.db.db, { username: 'gone', removedAt: new Date() });
  const stranger = await createUser(t.db.db, { username: 'stranger' });
  await t.db.db.insert(follows).values([wants, optedOut, removed].map((u) => ({ followerId: u.id, followedId: seller.id })));
  const item = await createItem(t.db.db, seller.id, { name: 'Tofu65 <E-white>', priceCents: 12_050, approvalStatus: 'pending' });
  return { seller, admin, wants, optedOut, removed, stranger, item, adminClient: await t.clientAs(admin.id) };
}

describe('approving a listing mails the followers who want it', () => {
  it('mails followers with followedSellerListed on, not those with it off, removed ones or non-followers', async () => {
    const w = await world();
    expect((await w.adminClient.post(`/api/item/${w.item.id}/approve`)).status).toBe(200);
    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.map((m) => m.to)).toEqual([w.wants.email]);
    expect(mails[0]!.subject).toBe('clacky listed Tofu65 <E-white>');
    expect(mails[0]!.text).toContain('Hi wants, clacky, a seller you follow, just listed "Tofu65 <E-white>" for $120.50.');
    expect(mails[0]!.text).toContain(`http://keeb.test/detail/${w.item.id}`);
    expect(mails[0]!.html).toContain('Tofu65 &lt;E-white&gt;');
  });

  it('mails once though the admin approves twice and the job runs again', async () => {
    const w = await world();
    await w.adminClient.post(`/api/item/${w.item.id}/approve`);
    await w.adminClient.post(`/api/item/${w.item.id}/approve`);
    await t.jobs.drain();
    // The same page run a second time (a retry after a crash between its commit and its completion).
    await t.jobs.send('seller-listed', { itemId: w.item.id });
    expect((await readOutbox(t.config.outboxDir)).map((m) => m.to)).toEqual([w.wants.email]);
  });

  it('mails nobody for a listing rejected before the job ran, or for an approve by a non-admin', async () => {
    const w = await world();
    const res = await (await t.clientAs(w.stranger.id)).post(`/api/item/${w.item.id}/approve`);
    expect(res.status).toBe(403);
    expect((await (await t.client()).post(`/api/item/${w.item.id}/approve`)).status).toBe(401);
    await t.db.db.execute(sql`update items set approval_status = 'rejected' where id = ${w.item.id}`);
    await t.jobs.send('seller-listed', { itemId: w.item.id });
    expect(await readOutbox(t.config.outboxDir)).toEqual([]);
  });

  it('pages through many followers, each mailed exactly once', async () => {
    const seller = await createUser(t.db.db, { username: 'popular' });
    const admin = await createUser(t.db.db, { isAdmin: true });
    const count = FOLLOWER_MAIL_PAGE + 5;
    const fans = await t.db.db
      .insert(users)
      .values(Array.from({ length: count }, (_, i) => ({ username: `fan_${i}`, email: `fan_${i}@example.test` })))
      .returning({ id: users.id, email: users.email });
    // Every follow at the same instant: the keyset's tie-breaker (follower id) must carry the paging.
    const at = new Date('2026-01-01T00:00:00.000Z');
    await t.db.db.insert(follows).values(fans.map((f) => ({ followerId: f.id, followedId: seller.id, createdAt: at })));
    const item = await createItem(t.db.db, seller.id, { approvalStatus: 'pending' });
    await (await t.clientAs(admin.id)).post(`/api/item/${item.id}/approve`);
    const to = (await readOutbox(t.config.outboxDir)).map((m) => m.to).sort();
    expect(to).toEqual(fans.map((f) => f.email).sort());
  });
});
