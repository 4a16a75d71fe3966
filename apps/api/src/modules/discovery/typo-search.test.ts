import { describe, expect, it } from 'vitest';
import { ITEM_PAGE_SIZE } from '@keeb/shared';
import type { items } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createItems, createUser } from '../../test/factories';

const t = useTestApp();
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
type Card = { _id: string; name: string; timeListed: string };
const ids = (body: Card[]) => body.map((i) => i._id);

/** The walkthrough's listings (issue 25): the Keycult listed before both Keychrons. */
async function catalogue() {
  const seller = await createUser(t.db.db);
  const make = (name: string, m: number, priceCents = 10_000, description = 'Lightly used.') =>
    createItem(t.db.db, seller.id, { name, description, priceCents, timeListed: minutesAgo(m) });
  return {
    seller,
    keychronQ1: await make('Keychron Q1 Pro', 1, 18_000),
    keychronK2: await make('Keychron K2 hot-swap', 2, 7_000),
    tofu: await make('Tofu65 aluminium case', 3, 12_000),
    laser: await make('GMK Laser Cyberdeck', 4, 15_500),
    keycult: await make('Keycult No. 2/65 Raw Brass', 5, 115_000),
  };
}

const search = async (text: string, extra = '') => {
  const res = await (await t.client()).get(`/api/items?searchText=${encodeURIComponent(text)}${extra}`);
  expect(res.status).toBe(200);
  return ids(res.body);
};

const suggest = async (text: string) => {
  const res = await (await t.client()).get(`/api/items/suggest?searchText=${encodeURIComponent(text)}`);
  expect(res.status).toBe(200);
  return res.body as { suggestions: string[] };
};

describe('typo search (issue 25)', () => {
  it("finds a swapped pair of letters, a dropped letter and a wrong letter: 'keycrhon', 'alumnium', 'lazer'", async () => {
    const c = await catalogue();
    expect(await search('keycrhon')).toEqual([c.keychronQ1.id, c.keychronK2.id]);
    expect(await search('alumnium')).toEqual([c.tofu.id]);
    expect(await search('lazer')).toEqual([c.laser.id]);
    expect(await search('keychorn')).toEqual([c.keychronQ1.id, c.keychronK2.id]);
    // Two typos in a word of five letters or more; a swap in a short word.
    expect(await search('kaychorn')).toEqual([c.keychronQ1.id, c.keychronK2.id]);
    expect(await search('lsaer')).toEqual([c.laser.id]);
    expect(await search('gmk lazer')).toEqual([c.laser.id]);
  });

  it("ranks exact and prefix matches before typo matches: 'keycult' lists the Keycult first, in any sort", async () => {
    const c = await catalogue();
    const keycultFirst = await search('keycult');
    expect(keycultFirst[0]).toBe(c.keycult.id);
    expect(await search('keycult', '&sort=low')).toEqual(expect.arrayContaining([c.keycult.id]));
    expect((await search('keycult', '&sort=low'))[0]).toBe(c.keycult.id);
    expect((await search('keyc'))).toEqual([c.keychronQ1.id, c.keychronK2.id, c.keycult.id]);
    // Exact words still find in descriptions too.
    expect(await search('used')).toHaveLength(5);
  });

  it('pages exact matches, then typo matches, without skips or repeats, with or without cursorId', async () => {
    const seller = await createUser(t.db.db);
    // Typo matches newer than every exact match: newest first alone would list them first.
    const exact = await bulk(seller.id, 40, (i) => ({ name: `Laser deskmat ${i}`, timeListed: minutesAgo(100 + i) }));
    const typo = await bulk(seller.id, 40, (i) => ({ name: `Lazer keycap set ${i}`, timeListed: minutesAgo(1 + i) }));
    for (const cursor of [(last: Card) => ({ ts: last.timeListed, cursorId: last._id }), (last: Card) => ({ ts: last.timeListed })]) {
      const seen: string[] = [];
      let query = '';
      for (let n = 0; n < 5; n++) {
        const res = await (await t.client()).get(`/api/items?searchText=laser${query}`);
        expect(res.status).toBe(200);
        seen.push(...ids(res.body));
        if (res.body.length < ITEM_PAGE_SIZE) break;
        query = `&${new URLSearchParams(cursor(res.body.at(-1))).toString()}`;
      }
      expect(seen).toEqual([...exact, ...typo]);
    }
  });

  it('keeps unapproved, sold and removed listings out of results', async () => {
    const c = await catalogue();
    const buyer = await createUser(t.db.db);
    await createItem(t.db.db, c.seller.id, { name: 'Keychron Q2 pending', approvalStatus: 'pending' });
    await createItem(t.db.db, c.seller.id, { name: 'Keychron Q3 removed', removedAt: new Date() });
    await createItem(t.db.db, c.seller.id, { name: 'Keychron Q4 sold', purchaserId: buyer.id, priceSoldCents: 1000 });
    expect(await search('keycrhon')).toEqual([c.keychronQ1.id, c.keychronK2.id]);
  });
});

describe("GET /api/items/suggest ('Did you mean ...?')", () => {
  it('offers the closest words public listings hold for the words no listing holds', async () => {
    await catalogue();
    expect(await suggest('keycrhon')).toEqual({ suggestions: ['keychron'] });
    expect(await suggest('alumnium')).toEqual({ suggestions: ['aluminium'] });
    expect(await suggest('Lazer')).toEqual({ suggestions: ['laser'] });
    // Words that find are kept as typed, in their place.
    expect(await suggest('gmk lazer')).toEqual({ suggestions: ['gmk laser'] });
    expect(await suggest('keycrhon q1')).toEqual({ suggestions: ['keychron q1'] });
  });

  it('offers nothing when every word finds, when nothing is close, or when the text has no words', async () => {
    await catalogue();
    expect(await suggest('keychron')).toEqual({ suggestions: [] });
    expect(await suggest('keyc')).toEqual({ suggestions: [] });
    expect(await suggest('zzqqxxvv')).toEqual({ suggestions: [] });
    expect(await suggest('')).toEqual({ suggestions: [] });
    expect(await suggest('!!! ...')).toEqual({ suggestions: [] });
    // More than ten words is a pasted text, not a search to respell.
    expect(await suggest('lazer one two three four five six seven eight nine ten')).toEqual({ suggestions: [] });
    expect((await (await t.client()).get('/api/items/suggest')).body).toEqual({ suggestions: [] });
  });

  it('never offers a word only unapproved, sold or removed listings hold', async () => {
    const seller = await createUser(t.db.db);
    const buyer = await createUser(t.db.db);
    await createItem(t.db.db, seller.id, { name: 'Prototype Secretboard', approvalStatus: 'pending' });
    await createItem(t.db.db, seller.id, { name: 'Rejected Forbiddenboard', approvalStatus: 'rejected' });
    await createItem(t.db.db, seller.id, { name: 'Removed Hiddenboard', removedAt: new Date() });
    await createItem(t.db.db, seller.id, { name: 'Sold Soldboard', purchaserId: buyer.id, priceSoldCents: 1000 });
    for (const typo of ['secretbord', 'forbidenboard', 'hiddenbord', 'soldbord']) expect(await suggest(typo)).toEqual({ suggestions: [] });
    await createItem(t.db.db, seller.id, { name: 'Public Secretboard' });
    expect(await suggest('secretbord')).toEqual({ suggestions: ['secretboard'] });
  });

  it('answers the same signed in and signed out, and refuses an overlong text with too_long', async () => {
    const c = await catalogue();
    const visitor = await t.client();
    const member = await t.clientAs(c.seller.id);
    expect((await visitor.get('/api/items/suggest?searchText=lazer')).body).toEqual((await member.get('/api/items/suggest?searchText=lazer')).body);
    const long = await visitor.get(`/api/items/suggest?searchText=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'too_long', field: 'searchText' });
    const twice = await visitor.get('/api/items/suggest?searchText=a&searchText=b');
    expect(twice.status).toBe(400);
  });
});

const bulk = (sellerId: string, n: number, row: (i: number) => Partial<typeof items.$inferInsert>) => createItems(t.db.db, sellerId, n, row);
