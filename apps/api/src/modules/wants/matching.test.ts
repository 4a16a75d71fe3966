import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WantInput } from '@keeb/shared';
import { useTestApp } from '../../test/app';
import { createItem, listingInput } from '../../test/factories';
import { readOutbox } from '../../test/outbox';
import { approve, matchRows, member, pendingListing, saveWant } from './test-fixtures';

// Issue 16: a listing going on sale alerts every want it matches, once, by the feed's search and the want's filters.
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

async function world() {
  const seller = await member(t, { username: 'clacky' });
  const buyer = await member(t, { username: 'hunter', shippingRegionCode: 'US' });
  return { seller, buyer };
}

/** Saves `want` for the buyer, approves a listing made with `listing` (and shipping), and answers whether it matched. */
async function matches(want: WantInput, listing: Parameters<typeof createItem>[2], shipping?: Parameters<typeof createItem>[3]) {
  const { seller, buyer } = await world();
  const item = await pendingListing(t, seller.user.id, listing, shipping);
  const saved = await saveWant(buyer.client, want);
  await approve(t, item.id);
  const rows = await matchRows(t);
  expect(rows.every((r) => r.wantId === saved._id && r.itemId === item.id)).toBe(true);
  return rows.length === 1;
}

describe('matching by keyword', () => {
  it('matches the words of the name, and alerts the buyer by mail with the listing, its price and links', async () => {
    const { seller, buyer } = await world();
    const item = await pendingListing(t, seller.user.id, { name: 'Tofu65 Aluminium Case & <Plate>', priceCents: 12_050 }, [{ regionCode: 'US', priceCents: 1_000 }]);
    const want = await saveWant(buyer.client, { searchText: 'tofu65 case' });
    await approve(t, item.id);
    expect(await matchRows(t)).toEqual([{ wantId: want._id, itemId: item.id, userId: buyer.user.id, priceCents: 13_050, digestPending: false }]);
    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([[buyer.user.email, 'New match for tofu65 case']]);
    expect(mails[0]!.text).toContain('Hi hunter, "Tofu65 Aluminium Case & <Plate>" was just listed for $120.50 ($130.50 with shipping to you) and matches your want "tofu65 case".');
    expect(mails[0]!.text).toContain(`See the listing: http://keeb.test/detail/${item.id}`);
    expect(mails[0]!.text).toContain('Your wants: http://keeb.test/me/vault?tab=wants');
    expect(mails[0]!.html).toContain('Tofu65 Aluminium Case &amp; &lt;Plate&gt;');
  });

  it('matches a typo of a word the vocabulary knew when the want was saved', async () => {
    expect(await matches({ searchText: 'gmk olivai' }, { name: 'GMK Olivia Base Kit', categoryId: 'keycaps' })).toBe(true);
  });

  it('matches a word of the description', async () => {
    expect(await matches({ searchText: 'lubed' }, { name: 'Tofu65', description: 'Lubed switches, hot-swap PCB.' })).toBe(true);
  });

  it('needs every word, as the feed search does', async () => {
    expect(await matches({ searchText: 'gmk botanical' }, { name: 'GMK Olivia Base Kit' })).toBe(false);
  });

  it('matches nothing for an unrelated listing', async () => {
    expect(await matches({ searchText: 'olivia' }, { name: 'Zealios 67g switches', categoryId: 'parts' })).toBe(false);
  });
});

describe('matching by category, region, price and sale type', () => {
  it('a want of categories alone matches any listing of those categories', async () => {
    expect(await matches({ categoryIds: ['keycaps', 'artisan'] }, { name: 'SA Bliss', categoryId: 'keycaps' })).toBe(true);
  });

  it('a want of categories alone does not match another category', async () => {
    expect(await matches({ categoryIds: ['keycaps'] }, { name: 'SA Bliss', categoryId: 'keyboards' })).toBe(false);
  });

  it('words and categories must both hold', async () => {
    expect(await matches({ searchText: 'olivia', categoryIds: ['keyboards'] }, { name: 'GMK Olivia', categoryId: 'keycaps' })).toBe(false);
  });

  it('ships-to regions: a listing not shipping to any of them does not match', async () => {
    expect(await matches({ searchText: 'olivia', regions: ['EU', 'UK'] }, { name: 'GMK Olivia' }, [{ regionCode: 'US', priceCents: 0 }])).toBe(false);
  });

  it('ships-to regions: a listing shipping to one of them matches', async () => {
    expect(await matches({ searchText: 'olivia', regions: ['EU', 'UK'] }, { name: 'GMK Olivia' }, [{ regionCode: 'US', priceCents: 0 }, { regionCode: 'UK', priceCents: 500 }])).toBe(true);
  });

  it('sale type: individual and vendor listings', async () => {
    expect(await matches({ searchText: 'olivia', saleTypeId: 'vendor' }, { name: 'GMK Olivia', saleTypeId: 'individual' })).toBe(false);
    await t.db.reset();
    expect(await matches({ searchText: 'olivia', saleTypeId: 'individual' }, { name: 'GMK Olivia', saleTypeId: 'individual' })).toBe(true);
  });
});

describe('the price limit counts shipping to the buyer', () => {
  const listing = { name: 'GMK Olivia', priceCents: 24_000 };
  const shipping = [
    { regionCode: 'US', priceCents: 1_000 },
    { regionCode: 'EU', priceCents: 3_000 },
    { regionCode: 'UK', priceCents: 2_500 },
  ];

  it.each([
    ['to the buyer’s own region: just within', { maxPrice: 250 }, true],
    ['to the buyer’s own region: just over', { maxPrice: '249.99' }, false],
    ['to the cheapest of the want’s regions: just within', { regions: ['EU', 'UK'], maxPrice: 265 }, true],
    ['to the cheapest of the want’s regions: just over', { regions: ['EU', 'UK'], maxPrice: '264.99' }, false],
  ] as Array<[string, WantInput, boolean]>)('%s', async (_name, filters, matched) => {
    expect(await matches({ searchText: 'olivia', ...filters }, listing, shipping)).toBe(matched);
  });

  it('to the listing’s cheapest region when it does not ship to the buyer’s', async () => {
    const rest = [{ regionCode: 'EU', priceCents: 3_000 }, { regionCode: 'UK', priceCents: 2_500 }];
    expect(await matches({ searchText: 'olivia', maxPrice: 265 }, listing, rest)).toBe(true);
    expect((await matchRows(t))[0]!.priceCents).toBe(26_500);
    await t.db.reset();
    expect(await matches({ searchText: 'olivia', maxPrice: '264.99' }, listing, rest)).toBe(false);
  });
});

describe('wants that never match', () => {
  it('paused and lapsed wants, and the seller’s own', async () => {
    const { seller, buyer } = await world();
    const item = await pendingListing(t, seller.user.id, { name: 'GMK Olivia' });
    const paused = await saveWant(buyer.client, { searchText: 'olivia' });
    await buyer.client.put(`/api/me/wants/${paused._id}`, { paused: true });
    const lapsed = await saveWant(buyer.client, { searchText: 'gmk olivia' });
    await t.db.db.execute(sql`update wants set expires_at = now() - interval '1 minute' where id = ${lapsed._id}`);
    await saveWant(seller.client, { searchText: 'olivia' });
    await approve(t, item.id);
    expect(await matchRows(t)).toEqual([]);
    expect(await readOutbox(t.config.outboxDir)).toEqual([]);
  });

  it('a listing rejected, sold or removed before the job ran', async () => {
    const { seller, buyer } = await world();
    await saveWant(buyer.client, { searchText: 'olivia' });
    const other = await member(t);
    const [rejected, sold, removed] = await Promise.all([
      createItem(t.db.db, seller.user.id, { name: 'GMK Olivia one', approvalStatus: 'rejected' }),
      createItem(t.db.db, seller.user.id, { name: 'GMK Olivia two', purchaserId: other.user.id }),
      createItem(t.db.db, seller.user.id, { name: 'GMK Olivia three', removedAt: new Date() }),
    ]);
    for (const item of [rejected, sold, removed]) await t.jobs.send('want-match', { itemId: item.id });
    await t.jobs.drain();
    expect(await matchRows(t)).toEqual([]);
  });
});

describe('once per listing per want', () => {
  it('a second run of the job (a retry, a second approve) records and mails nothing more', async () => {
    const { seller, buyer } = await world();
    const item = await pendingListing(t, seller.user.id, { name: 'GMK Olivia' });
    await saveWant(buyer.client, { searchText: 'olivia' });
    await approve(t, item.id);
    await approve(t, item.id);
    await t.jobs.send('want-match', { itemId: item.id });
    await t.jobs.drain();
    expect(await matchRows(t)).toHaveLength(1);
    expect(await readOutbox(t.config.outboxDir)).toHaveLength(1);
  });

  it('two wants of one buyer matching one listing are two matches', async () => {
    const { seller, buyer } = await world();
    const item = await pendingListing(t, seller.user.id, { name: 'GMK Olivia', categoryId: 'keycaps' });
    await saveWant(buyer.client, { searchText: 'olivia' });
    await saveWant(buyer.client, { categoryIds: ['keycaps'] });
    await approve(t, item.id);
    expect(await matchRows(t)).toHaveLength(2);
    expect((await readOutbox(t.config.outboxDir)).map((m) => m.subject).sort()).toEqual(['New match for Keycaps', 'New match for olivia']);
  });

  it('an approved listing edited into a want (its name) matches it then, once', async () => {
    const { seller, buyer } = await world();
    const item = await createItem(t.db.db, seller.user.id, { name: 'Plain board' });
    await saveWant(buyer.client, { searchText: 'olivia' });
    await t.jobs.send('want-match', { itemId: item.id });
    await t.jobs.drain();
    expect(await matchRows(t)).toEqual([]);
    const edit = (name: string, price: string) => seller.client.put(`/api/item/${item.id}`, listingInput(seller.user.id, { name, price }));
    expect((await edit('GMK Olivia', '240')).status).toBe(200);
    await t.jobs.drain();
    expect(await matchRows(t)).toHaveLength(1);
    expect((await edit('GMK Olivia (price drop)', '200')).status).toBe(200);
    await t.jobs.drain();
    expect(await matchRows(t)).toHaveLength(1);
    expect(await readOutbox(t.config.outboxDir)).toHaveLength(1);
  });

  it('a price drop into the limit matches then', async () => {
    const { seller, buyer } = await world();
    const item = await pendingListing(t, seller.user.id, { name: 'GMK Olivia', priceCents: 30_000 }, [{ regionCode: 'US', priceCents: 500 }]);
    await saveWant(buyer.client, { searchText: 'olivia', maxPrice: 250 });
    await approve(t, item.id);
    expect(await matchRows(t)).toEqual([]);
    // The edit form carries the listing's shipping too; the item keeps the shipping it was listed with.
    const res = await seller.client.put(`/api/item/${item.id}`, listingInput(seller.user.id, { name: 'GMK Olivia', price: '245' }));
    expect(res.status).toBe(200);
    await t.jobs.drain();
    expect((await matchRows(t)).map((r) => r.priceCents)).toEqual([25_000]);
  });
});

describe('owners who are not mailed', () => {
  it('a removed account is not matched; an unconfirmed address is matched but not mailed', async () => {
    const { seller } = await world();
    const removed = await member(t);
    const unconfirmed = await member(t, { emailConfirmedAt: null });
    await saveWant(removed.client, { searchText: 'olivia' });
    const want = await saveWant(unconfirmed.client, { searchText: 'olivia' });
    await t.db.db.execute(sql`update users set removed_at = now() where id = ${removed.user.id}`);
    const item = await pendingListing(t, seller.user.id, { name: 'GMK Olivia' });
    await approve(t, item.id);
    expect((await matchRows(t)).map((r) => r.wantId)).toEqual([want._id]);
    expect(await readOutbox(t.config.outboxDir)).toEqual([]);
  });
});
