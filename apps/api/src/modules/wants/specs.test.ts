import { describe, expect, it } from 'vitest';
import { specTags, type ItemSpecs, type Want, type WantInput } from '@keeb/shared';
import { wants } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { approve, matchRows, member, pendingListing, saveWant } from './test-fixtures';

// Issue 29: wants by spec. A listing matches only if it holds, for every key of the want's specs, one of its values.
const t = useTestApp();

const board = (specs: ItemSpecs, name = 'Tofu board') => ({ name, categoryId: 'keyboards', specs, specTags: specTags(specs) });

/** Saves the want for a buyer, approves a listing of another seller, and answers whether it matched. */
async function matches(want: WantInput, listing: ReturnType<typeof board>) {
  const seller = await member(t);
  const buyer = await member(t);
  const item = await pendingListing(t, seller.user.id, listing);
  await saveWant(buyer.client, want);
  await approve(t, item.id);
  return (await matchRows(t)).some((r) => r.itemId === item.id && r.userId === buyer.user.id);
}

const hotSwap65: WantInput = { categoryIds: ['keyboards'], specs: { size: '65%', mounting: 'hot-swap' } };

describe('POST /api/me/wants with specs', () => {
  it('stores and answers them, a single value as a list', async () => {
    const buyer = await member(t);
    const want = await saveWant(buyer.client, { searchText: 'tofu', categoryIds: ['keyboards'], specs: { size: ['65%', '75%'], mounting: 'hot-swap', condition: '' } });
    expect(want.specs).toEqual({ size: ['65%', '75%'], mounting: ['hot-swap'] });
    const [listed] = (await buyer.client.get('/api/me/wants')).body as Want[];
    expect(listed!.specs).toEqual(want.specs);
    // Without specs: {}.
    expect((await saveWant(buyer.client, { categoryIds: ['keycaps'] })).specs).toEqual({});
  });

  it.each([
    [{ categoryIds: ['keyboards'], specs: { size: '66%' } }, 'invalid_spec', 'specs.size'],
    [{ categoryIds: ['keycaps'], specs: { size: '65%' } }, 'spec_not_in_category', 'specs.size'],
    [{ searchText: 'switches', specs: { lubed: true } }, 'spec_not_in_category', 'specs.lubed'],
    [{ categoryIds: ['parts'], specs: { lubed: 'maybe' } }, 'invalid_spec', 'specs.lubed'],
    [{ categoryIds: ['keyboards'], specs: 'size:65%' }, 'invalid_spec', 'specs'],
  ])('refuses %o with %s on %s, storing nothing', async (input, message, field) => {
    const buyer = await member(t);
    const res = await buyer.client.post('/api/me/wants', input);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await t.db.db.select().from(wants)).toEqual([]);
  });

  it('is refused to a visitor', async () => {
    expect((await (await t.client()).post('/api/me/wants', hotSwap65)).status).toBe(401);
  });
});

describe('PUT /api/me/wants/{id} and specs', () => {
  it('replaces, keeps, clears them; drops keys of categories the want no longer has', async () => {
    const buyer = await member(t);
    const want = await saveWant(buyer.client, { ...hotSwap65, specs: { ...hotSwap65.specs, condition: 'used' } });
    const put = async (body: object) => {
      const res = await buyer.client.put(`/api/me/wants/${want._id}`, body);
      expect(res.status).toBe(200);
      return (res.body as Want).specs;
    };
    expect(await put({ specs: { size: 'tkl' } })).toEqual({ size: ['tkl'] });
    expect(await put({ maxPrice: '200' })).toEqual({ size: ['tkl'] });
    expect(await put({ specs: {} })).toEqual({});
    await put({ specs: { size: '65%', condition: 'used' } });
    expect(await put({ categoryIds: ['keycaps'] })).toEqual({ condition: ['used'] });
  });

  it('refuses bad specs and changes nothing', async () => {
    const buyer = await member(t);
    const want = await saveWant(buyer.client, hotSwap65);
    const res = await buyer.client.put(`/api/me/wants/${want._id}`, { maxPrice: '100', specs: { profile: 'sa' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'spec_not_in_category', field: 'specs.profile' });
    const [row] = await t.db.db.select({ specs: wants.specs, maxPriceCents: wants.maxPriceCents }).from(wants);
    expect(row).toEqual({ specs: { size: ['65%'], mounting: ['hot-swap'] }, maxPriceCents: null });
  });

  it("another user's want is not found, and a visitor is refused", async () => {
    const buyer = await member(t);
    const want = await saveWant(buyer.client, hotSwap65);
    const other = await member(t);
    expect((await other.client.put(`/api/me/wants/${want._id}`, { specs: {} })).status).toBe(404);
    expect((await (await t.client()).put(`/api/me/wants/${want._id}`, { specs: {} })).status).toBe(401);
    expect((await t.db.db.select({ specs: wants.specs }).from(wants))[0]!.specs).toEqual({ size: ['65%'], mounting: ['hot-swap'] });
  });
});

describe('matching by spec', () => {
  it('a want for 65% hot-swap keyboards matches such a board', async () => {
    expect(await matches(hotSwap65, board({ size: '65%', mounting: 'hot-swap', layout: 'ansi' }))).toBe(true);
  });

  it('and not a 60% one', async () => {
    expect(await matches(hotSwap65, board({ size: '60%', mounting: 'hot-swap' }))).toBe(false);
  });

  it('nor a 65% solder one', async () => {
    expect(await matches(hotSwap65, board({ size: '65%', mounting: 'solder' }))).toBe(false);
  });

  it('nor a board without specs', async () => {
    expect(await matches(hotSwap65, board({}))).toBe(false);
  });

  it('any of a key\'s values will do, with the words as before', async () => {
    expect(await matches({ searchText: 'tofu', categoryIds: ['keyboards'], specs: { size: ['60%', '65%'] } }, board({ size: '65%' }))).toBe(true);
    expect(await matches({ searchText: 'olivia', categoryIds: ['keyboards'], specs: { size: ['65%'] } }, board({ size: '65%' }))).toBe(false);
  });

  it('a free text compares as its tag does, whatever its case and spaces', async () => {
    const caps = { name: 'SA Bliss', categoryId: 'keycaps', specs: { maker: 'Signature Plastics' }, specTags: specTags({ maker: 'Signature Plastics' }) };
    expect(await matches({ categoryIds: ['keycaps'], specs: { maker: '  signature   PLASTICS ' } }, caps)).toBe(true);
  });

  it('flags and counts match their tags', async () => {
    const lot = { kind: 'switches', switchType: 'linear', quantity: 70, lubed: true };
    const listing = { name: 'Lubed linears', categoryId: 'parts', specs: lot, specTags: specTags(lot) };
    expect(await matches({ categoryIds: ['parts'], specs: { lubed: true, quantity: 70 } }, listing)).toBe(true);
    expect(await matches({ categoryIds: ['parts'], specs: { lubed: false } }, listing)).toBe(false);
  });

  it('a want without specs still matches as before', async () => {
    expect(await matches({ categoryIds: ['keyboards'] }, board({ size: '60%', mounting: 'solder' }))).toBe(true);
    expect(await matches({ categoryIds: ['keyboards'] }, board({}))).toBe(true);
  });

  it('an edit to the specs decides the next listings', async () => {
    const seller = await member(t);
    const buyer = await member(t);
    const want = await saveWant(buyer.client, hotSwap65);
    await buyer.client.put(`/api/me/wants/${want._id}`, { specs: { size: '60%' } });
    const sixty = await pendingListing(t, seller.user.id, board({ size: '60%', mounting: 'solder' }));
    const sixtyFive = await pendingListing(t, seller.user.id, board({ size: '65%', mounting: 'hot-swap' }));
    await approve(t, sixty.id);
    await approve(t, sixtyFive.id);
    expect((await matchRows(t)).map((r) => r.itemId)).toEqual([sixty.id]);
  });
});

describe('matching by words with synonyms', () => {
  const listing = (name: string, description = 'Lightly used.') => ({ name, description, categoryId: 'keyboards', specs: {}, specTags: [] });

  it("a want for 'tkl' matches a tenkeyless board, and one for 'tenkeyless' a TKL", async () => {
    expect(await matches({ searchText: 'tkl' }, listing('Leopold FC750R tenkeyless'))).toBe(true);
    expect(await matches({ searchText: 'tenkeyless' }, listing('Owlab Spring TKL'))).toBe(true);
  });

  it("keeps the want's other words: 'leopold bnib' matches a Leopold new in box, not another one", async () => {
    expect(await matches({ searchText: 'leopold bnib' }, listing('Leopold FC660C', 'Still new in box.'))).toBe(true);
    expect(await matches({ searchText: 'leopold bnib' }, listing('Varmilo VA87M', 'Still new in box.'))).toBe(false);
  });
});
