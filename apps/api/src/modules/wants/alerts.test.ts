import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WANT_LIMITS, type Want } from '@keeb/shared';
import { wantMatches, wants } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import { collect, useRealtime } from '../../test/realtime';
import { DIGEST_MAX_ENTRIES } from './mail-templates';
import * as repo from './want-matching';
import { approve, matchRows, member, pendingListing, saveWant, type Member } from './test-fixtures';

// Issue 16: how a match reaches the buyer: a push to their tabs, the Wants badge, and a mail now or in a digest.
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });
const rt = useRealtime(t);
const DAY_MS = 86_400_000;

const counts = async (who: Member) => (await who.client.get('/api/me/notifications')).body as { numNewWantMatches: number };
const jobRows = async (name: string) =>
  ((await t.db.db.execute(sql`select data, start_after as "startAfter" from pgboss.job where name = ${name} order by created_on`)) as unknown as { rows: Array<{ data: unknown; startAfter: Date }> }).rows;

describe('the push and the badge', () => {
  it("pushes 'New match for {want}' and the badge to the buyer's open tabs; opening Wants clears the badge", async () => {
    const [seller, buyer, bystander] = [await member(t), await member(t), await member(t)];
    const item = await pendingListing(t, seller.user.id, { name: 'GMK Olivia', categoryId: 'keycaps', priceCents: 24_000, thumbnail: '/uploads/test/olivia-thumb.jpg' });
    const byWords = await saveWant(buyer.client, { searchText: 'olivia' });
    const byCategory = await saveWant(buyer.client, { categoryIds: ['keycaps', 'artisan'] });
    const [mine, theirs] = [await rt.open(buyer.client.cookie), await rt.open(bystander.client.cookie)];
    const [pushed, badge, leaked] = [collect(mine, 'wantMatch'), collect(mine, 'counts'), collect(theirs, 'wantMatch')];
    await approve(t, item.id);
    const card = { _id: item.id, name: 'GMK Olivia', price: 240, thumbnail: '/uploads/test/olivia-thumb.jpg' };
    await expect
      .poll(() => [...pushed].sort((a, b) => a.wantId.localeCompare(b.wantId)))
      .toEqual(
        [
          { wantId: byWords._id, label: 'olivia', item: card },
          { wantId: byCategory._id, label: 'Keycaps, Artisan', item: card },
        ].sort((a, b) => a.wantId.localeCompare(b.wantId)),
      );
    await expect.poll(() => badge.at(-1)?.numNewWantMatches).toBe(2);
    expect(await counts(buyer)).toMatchObject({ numNewWantMatches: 2 });
    expect((await buyer.client.get('/api/me/wants')).body.map((w: Want) => [w.matchCount, w.newMatches])).toEqual([
      [1, 1],
      [1, 1],
    ]);

    expect((await buyer.client.post('/api/me/wants/seen')).body).toEqual({ ok: true });
    await expect.poll(() => badge.at(-1)?.numNewWantMatches).toBe(0);
    expect(await counts(buyer)).toMatchObject({ numNewWantMatches: 0 });
    expect((await buyer.client.get('/api/me/wants')).body.map((w: Want) => [w.matchCount, w.newMatches])).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(leaked).toEqual([]);
    expect(await counts(bystander)).toMatchObject({ numNewWantMatches: 0 });
  });
});

describe('the alert setting', () => {
  const account = (who: Member, extra: object) => who.client.post('/api/me/account', { username: who.user.username, shippingRegion: 'US', ...extra });

  it("is 'instant' by default, saved beside the email preferences, and refuses other values", async () => {
    const buyer = await member(t);
    expect((await buyer.client.get('/api/me/settings')).body.wantAlerts).toBe('instant');
    const saved = await account(buyer, { wantAlerts: 'daily' });
    expect([saved.status, saved.body.wantAlerts]).toEqual([200, 'daily']);
    expect((await buyer.client.get('/api/me/settings')).body.wantAlerts).toBe('daily');
    // Left out, it stays as it is.
    expect((await account(buyer, { bio: 'Thock' })).body.wantAlerts).toBe('daily');
    const bad = await account(buyer, { wantAlerts: 'hourly' });
    expect([bad.status, bad.body]).toEqual([400, { message: 'bad_request', field: 'wantAlerts' }]);
    expect((await buyer.client.get('/api/me/settings')).body.wantAlerts).toBe('daily');
  });

  it('daily: no mail per match, one digest due at the end of the UTC day, naming every match once', async () => {
    const [seller, buyer, instant] = [await member(t), await member(t, { username: 'digester', wantAlerts: 'daily' }), await member(t)];
    await saveWant(buyer.client, { searchText: 'olivia' });
    await saveWant(buyer.client, { categoryIds: ['keyboards'] });
    await saveWant(instant.client, { searchText: 'olivia' });
    const olivia = await pendingListing(t, seller.user.id, { name: 'GMK Olivia', categoryId: 'keycaps', priceCents: 24_000 });
    const board = await pendingListing(t, seller.user.id, { name: 'Tofu65', categoryId: 'keyboards', priceCents: 12_050 });
    await approve(t, olivia.id);
    await approve(t, board.id);
    expect((await readOutbox(t.config.outboxDir)).map((m) => m.to)).toEqual([instant.user.email]);
    expect((await matchRows(t)).filter((r) => r.userId === buyer.user.id).map((r) => r.digestPending)).toEqual([true, true]);
    const digests = await jobRows('want-digest');
    expect(digests.map((j) => j.data)).toEqual([{ userId: buyer.user.id }]);
    const now = new Date();
    expect(new Date(digests[0]!.startAfter).toISOString()).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString());

    // The day ends: the digest runs (here at once), and a second run finds nothing left to send.
    await t.jobs.send('want-digest', { userId: buyer.user.id });
    await t.jobs.send('want-digest', { userId: buyer.user.id });
    const mails = (await readOutbox(t.config.outboxDir)).filter((m) => m.to === buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('2 new listings match your wants');
    expect(mails[0]!.text).toContain(`- GMK Olivia, $240 ($250 with shipping to you) for "olivia": http://keeb.test/detail/${olivia.id}`);
    expect(mails[0]!.text).toContain(`- Tofu65, $120.50 ($130.50 with shipping to you) for "Keyboards": http://keeb.test/detail/${board.id}`);
    expect(mails[0]!.text).toContain('See all your matches: http://keeb.test/me/vault?tab=wants');
    expect((await matchRows(t)).map((r) => r.digestPending)).toEqual([false, false, false]);
  });

  it(`a digest names ${DIGEST_MAX_ENTRIES} listings and counts the rest`, async () => {
    const [seller, buyer] = [await member(t), await member(t, { wantAlerts: 'daily' })];
    const want = await saveWant(buyer.client, { searchText: 'board' });
    const listed = await Promise.all(Array.from({ length: DIGEST_MAX_ENTRIES + 3 }, (_, i) => createItem(t.db.db, seller.user.id, { name: `Board ${i}` })));
    await t.db.db.insert(wantMatches).values(listed.map((item) => ({ wantId: want._id, itemId: item.id, userId: buyer.user.id, priceCents: 11_000, digestPending: true })));
    await t.jobs.send('want-digest', { userId: buyer.user.id });
    const [mail] = await readOutbox(t.config.outboxDir);
    expect(mail!.subject).toBe(`${DIGEST_MAX_ENTRIES + 3} new listings match your wants`);
    expect(mail!.text.match(/^- Board/gm)).toHaveLength(DIGEST_MAX_ENTRIES);
    expect(mail!.text).toContain('and 3 more.');
  });
});

describe("a run's mails (the 'want-alerts' job)", () => {
  /** Matches the listing as the 'want-match' job's transaction does, without the job: answers the run's time. */
  const matchOnly = async (itemId: string) => (await t.db.db.transaction((tx) => repo.matchListing(tx, itemId))).matchedAt!;

  it('the match queues one alerts job for its run; that job queues the mails and digests', async () => {
    const [seller, instant, daily, unconfirmed] = [await member(t), await member(t), await member(t, { wantAlerts: 'daily' }), await member(t, { emailConfirmedAt: null })];
    for (const who of [instant, daily, unconfirmed]) await saveWant(who.client, { searchText: 'olivia' });
    const item = await pendingListing(t, seller.user.id, { name: 'GMK Olivia' });
    await approve(t, item.id);
    const [alerts, ...more] = await jobRows('want-alerts');
    expect(more).toEqual([]);
    const rows = (await t.db.db.execute(sql`select distinct created_at::text as at from want_matches`)) as unknown as { rows: Array<{ at: string }> };
    expect(rows.rows).toHaveLength(1);
    expect(alerts!.data).toEqual({ itemId: item.id, matchedAt: expect.any(String) });
    expect(new Date((alerts!.data as { matchedAt: string }).matchedAt).getTime()).toBe(new Date(rows.rows[0]!.at).getTime());
    expect((await readOutbox(t.config.outboxDir)).map((m) => m.to)).toEqual([instant.user.email]);
    expect((await jobRows('want-digest')).map((j) => j.data)).toEqual([{ userId: daily.user.id }]);
  });

  it('queues no alerts job when no owner can be mailed', async () => {
    const [seller, unconfirmed] = [await member(t), await member(t, { emailConfirmedAt: null })];
    await saveWant(unconfirmed.client, { searchText: 'olivia' });
    const item = await pendingListing(t, seller.user.id, { name: 'GMK Olivia' });
    await approve(t, item.id);
    expect(await matchRows(t)).toHaveLength(1);
    expect(await jobRows('want-alerts')).toEqual([]);
  });

  it('mails nobody about a listing sold or removed before the job ran; the matches stay', async () => {
    const [seller, buyer, other] = [await member(t), await member(t), await member(t)];
    await saveWant(buyer.client, { searchText: 'olivia' });
    const [sold, removed] = [await createItem(t.db.db, seller.user.id, { name: 'GMK Olivia one' }), await createItem(t.db.db, seller.user.id, { name: 'GMK Olivia two' })];
    const runs = [await matchOnly(sold.id), await matchOnly(removed.id)];
    await t.db.db.execute(sql`update items set purchaser_id = ${other.user.id} where id = ${sold.id}`);
    await t.db.db.execute(sql`update items set removed_at = now() where id = ${removed.id}`);
    await t.jobs.send('want-alerts', { itemId: sold.id, matchedAt: runs[0]! });
    await t.jobs.send('want-alerts', { itemId: removed.id, matchedAt: runs[1]! });
    expect(await readOutbox(t.config.outboxDir)).toEqual([]);
    expect(await matchRows(t)).toHaveLength(2);
  });

  it('a second run of the job queues no mail twice; a later run of matches mails only its own, even once the first mails are gone', async () => {
    const [seller, buyer] = [await member(t), await member(t)];
    await saveWant(buyer.client, { searchText: 'olivia' });
    await saveWant(buyer.client, { searchText: 'botanical' });
    const item = await createItem(t.db.db, seller.user.id, { name: 'GMK Olivia' });
    const first = await matchOnly(item.id);
    await t.jobs.send('want-alerts', { itemId: item.id, matchedAt: first });
    await t.jobs.send('want-alerts', { itemId: item.id, matchedAt: first });
    expect((await readOutbox(t.config.outboxDir)).map((m) => m.subject)).toEqual(['New match for olivia']);
    expect(await jobRows('mail')).toHaveLength(1);

    // An hour on, the sent mail's job (and with it its key) has left the database; the listing is then edited
    // into the second want. Its run mails that want alone.
    await t.db.db.execute(sql`delete from pgboss.job where name = 'mail'`);
    await t.db.db.execute(sql`update items set name = 'GMK Olivia Botanical' where id = ${item.id}`);
    const second = await matchOnly(item.id);
    expect(second).not.toBe(first);
    await t.jobs.send('want-alerts', { itemId: item.id, matchedAt: second });
    // The queue itself, not only the outbox (the mail worker's ledger would hide a resent mail from it).
    expect((await readOutbox(t.config.outboxDir)).map((m) => m.subject)).toEqual(['New match for olivia', 'New match for botanical']);
    expect((await jobRows('mail')).map((j) => (j.data as { message: { subject: string } }).message.subject)).toEqual(['New match for botanical']);
  });

  it("the database refuses a match naming someone other than its want's owner", async () => {
    const [seller, buyer, other] = [await member(t), await member(t), await member(t)];
    const want = await saveWant(buyer.client, { searchText: 'olivia' });
    const item = await createItem(t.db.db, seller.user.id, { name: 'GMK Olivia' });
    await expect(t.db.db.insert(wantMatches).values({ wantId: want._id, itemId: item.id, userId: other.user.id, priceCents: 1 })).rejects.toThrow();
    expect(await matchRows(t)).toEqual([]);
  });
});

describe('the lapse reminder', () => {
  const wantRow = async (id: string) => (await t.db.db.select().from(wants).where(sql`${wants.id} = ${id}`))[0]!;

  it('is queued a week before the want lapses, and mails once while the want is still due to lapse then', async () => {
    const buyer = await member(t, { username: 'forgetful' });
    const want = await saveWant(buyer.client, { searchText: 'olivia', categoryIds: ['keycaps'] });
    const [queued] = await jobRows('want-expiry-warning');
    expect(queued!.data).toEqual({ wantId: want._id, expiresAt: want.expiresAt });
    expect(new Date(queued!.startAfter).getTime()).toBe(Date.parse(want.expiresAt) - WANT_LIMITS.warnDaysBefore * DAY_MS);

    await t.jobs.send('want-expiry-warning', { wantId: want._id, expiresAt: want.expiresAt });
    await t.jobs.send('want-expiry-warning', { wantId: want._id, expiresAt: want.expiresAt });
    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[buyer.user.email, 'Your want for olivia lapses soon']]);
    const day = new Date(want.expiresAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(mails[0]!.text).toContain(`Hi forgetful, your want "olivia" lapses on ${day}.`);
    expect(mails[0]!.text).toContain('Renew it in your Wants: http://keeb.test/me/vault?tab=wants');
    expect((await wantRow(want._id)).expiryWarnedAt).not.toBeNull();
  });

  it('reminds a want resumed after its reminder fell due while it was paused', async () => {
    const buyer = await member(t);
    const want = await saveWant(buyer.client, { searchText: 'olivia' });
    await buyer.client.put(`/api/me/wants/${want._id}`, { paused: true });
    await t.db.db.execute(sql`update wants set expires_at = now() + interval '3 days' where id = ${want._id}`);
    expect((await buyer.client.put(`/api/me/wants/${want._id}`, { paused: false })).status).toBe(200);
    expect((await readOutbox(t.config.outboxDir)).map((m) => m.subject)).toEqual(['Your want for olivia lapses soon']);
  });

  it('sends nothing for a want renewed, paused or deleted since, or whose owner left', async () => {
    const [buyer, leaving] = [await member(t), await member(t)];
    const renewed = await saveWant(buyer.client, { searchText: 'olivia' });
    const paused = await saveWant(buyer.client, { searchText: 'botanical' });
    const deleted = await saveWant(buyer.client, { searchText: 'laser' });
    const orphan = await saveWant(leaving.client, { searchText: 'olivia' });
    await buyer.client.put(`/api/me/wants/${renewed._id}`, { renew: true });
    await buyer.client.put(`/api/me/wants/${paused._id}`, { paused: true });
    await buyer.client.delete(`/api/me/wants/${deleted._id}`);
    await t.db.db.execute(sql`update users set removed_at = now() where id = ${leaving.user.id}`);
    for (const w of [renewed, paused, deleted, orphan]) await t.jobs.send('want-expiry-warning', { wantId: w._id, expiresAt: w.expiresAt });
    expect(await readOutbox(t.config.outboxDir)).toEqual([]);
  });
});
