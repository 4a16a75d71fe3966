import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ItemSummary } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createItem, listingInput } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import { member, type Member } from '../../test/orders';
import { collect, useRealtime } from '../../test/realtime';

// Issue 29: lowering a price tells everyone who saved the item, by push and the saved-item mail, once a day at most.
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });
const rt = useRealtime(t);

const QUIET = { itemSell: true, offers: true, updates: false, messages: true, offerSavedItem: true, soldSavedItem: true, updatedSavedItem: false, removedSavedItem: true, followedSellerListed: true, itemComments: true };

const reprice = async (seller: Member, itemId: string, price: number) => {
  const res = await seller.client.put(`/api/item/${itemId}`, listingInput(seller.user.id, { name: 'GMK Olivia', price: String(price) }));
  expect(res.status).toBe(200);
  await t.jobs.drain();
};
const savedCard = async (who: Member, itemId: string) => ((await who.client.get('/api/me/items/saved')).body as ItemSummary[]).find((c) => c._id === itemId)!;
const dropMails = async () => (await readOutbox(t.config.outboxDir)).filter((m) => m.text.includes('Price dropped'));
/** The clock a day and an hour on, for this item's drop and its notice. */
const dayLater = (itemId: string) =>
  t.db.db.execute(sql`update items set price_dropped_at = price_dropped_at - interval '25 hours', price_drop_notified_at = price_drop_notified_at - interval '25 hours' where id = ${itemId}`);

describe('price-drop notices', () => {
  it('tell each saver once a day (push and mail), never the seller or others; the Saved tab shows the drop', async () => {
    const [seller, fan, quiet, stranger] = [await member(t), await member(t, { email: 'fan@example.test' }), await member(t, { emailPreferences: QUIET }), await member(t)];
    const item = await createItem(t.db.db, seller.user.id, { name: 'GMK Olivia', priceCents: 12_000 });
    await fan.client.post(`/api/item/${item.id}/save`);
    await quiet.client.post(`/api/item/${item.id}/save`);
    const sockets = await Promise.all([fan, quiet, stranger, seller].map((m) => rt.open(m.client.cookie)));
    const [toFan, toQuiet, toStranger, toSeller] = sockets.map((s) => collect(s, 'savedItemUpdate')) as [
      ReturnType<typeof collect<'savedItemUpdate'>>, ReturnType<typeof collect<'savedItemUpdate'>>, ReturnType<typeof collect<'savedItemUpdate'>>, ReturnType<typeof collect<'savedItemUpdate'>>,
    ];

    await reprice(seller, item.id, 99);
    const pushed = {
      kind: 'priceDrop',
      item: { _id: item.id, name: 'GMK Olivia', thumbnail: expect.any(String), price: 99 },
      text: 'Price dropped from $120 to $99: GMK Olivia',
      path: `/detail/${item.id}`,
    };
    await expect.poll(() => [toFan.length, toQuiet.length]).toEqual([1, 1]);
    expect(toFan).toEqual([pushed]);
    expect(toQuiet).toEqual([pushed]);
    // The saved-item mail, with the drop in it, to the saver who takes it; none to the one who turned it off.
    const mails = await dropMails();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['fan@example.test', 'An item you saved was updated: GMK Olivia']]);
    expect(mails[0]!.text).toContain('Price dropped from $120 to $99.');
    const first = await savedCard(fan, item.id);
    expect(first.priceDrop).toEqual({ from: 120, at: expect.any(String) });

    // A second drop within the day: nobody told, the Saved tab shows the new price from the first price.
    await reprice(seller, item.id, 90);
    expect((await dropMails()).length).toBe(1);
    expect((await readOutbox(t.config.outboxDir)).length).toBe(1);
    const second = await savedCard(fan, item.id);
    expect([second.price, second.priceDrop?.from]).toEqual([90, 120]);

    // A day on, the next drop is news again, from the price before it.
    await dayLater(item.id);
    await reprice(seller, item.id, 80);
    await expect.poll(() => toFan.length).toBe(2);
    expect(toFan[1]!.text).toBe('Price dropped from $90 to $80: GMK Olivia');
    expect((await dropMails()).map((m) => m.to)).toEqual(['fan@example.test', 'fan@example.test']);
    expect((await savedCard(quiet, item.id)).priceDrop?.from).toBe(90);

    expect(toStranger).toEqual([]);
    expect(toSeller).toEqual([]);
    expect((await readOutbox(t.config.outboxDir)).every((m) => m.to === 'fan@example.test')).toBe(true);
  });

  it('a raise clears the drop; a save made after the drop shows none', async () => {
    const [seller, fan, late] = [await member(t), await member(t), await member(t)];
    const item = await createItem(t.db.db, seller.user.id, { name: 'GMK Olivia', priceCents: 12_000 });
    await fan.client.post(`/api/item/${item.id}/save`);
    await reprice(seller, item.id, 100);
    expect((await savedCard(fan, item.id)).priceDrop?.from).toBe(120);
    await late.client.post(`/api/item/${item.id}/save`);
    expect((await savedCard(late, item.id)).priceDrop).toBeNull();

    await reprice(seller, item.id, 110);
    expect((await savedCard(fan, item.id)).priceDrop).toBeNull();
    // Lowered again within the day of the first notice: shown, not told.
    await reprice(seller, item.id, 105);
    expect((await savedCard(fan, item.id)).priceDrop?.from).toBe(110);
    expect((await dropMails()).length).toBe(1);
  });

  it('a listing not on sale records no drop and tells nobody', async () => {
    const [seller, fan] = [await member(t), await member(t)];
    const item = await createItem(t.db.db, seller.user.id, { name: 'GMK Olivia', priceCents: 12_000 });
    await fan.client.post(`/api/item/${item.id}/save`);
    await t.db.db.execute(sql`update items set approval_status = 'rejected' where id = ${item.id}`);
    await reprice(seller, item.id, 100);
    expect((await savedCard(fan, item.id)).priceDrop).toBeNull();
    expect(await dropMails()).toEqual([]);
  });
});
