import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser, listingInput } from '../../test/factories';

// Issue 29: specs on listings, checked against the shared lists, stored with their tags, answered on every view.
const t = useTestApp();

async function seller() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date() });
  return { user, client: await t.clientAs(user.id) };
}

const stored = async (id: string) => {
  const [row] = await t.db.db.select({ specs: items.specs, specTags: items.specTags, categoryId: items.categoryId }).from(items).where(eq(items.id, id));
  return row;
};

/** A valid set per category, and the tags it gives. */
const VALID: Array<[category: string, specs: Record<string, unknown>, tags: string[]]> = [
  [
    'keyboards',
    { size: '65%', layout: 'ansi', mounting: 'hot-swap', mountStyle: 'gasket', caseMaterial: 'aluminum', plateMaterial: 'fr4', connection: 'tri-mode', built: 'built', includes: ['keycaps', 'switches'], condition: 'used-like-new' },
    ['built:built', 'caseMaterial:aluminum', 'condition:used-like-new', 'connection:tri-mode', 'includes:keycaps', 'includes:switches', 'layout:ansi', 'mountStyle:gasket', 'mounting:hot-swap', 'plateMaterial:fr4', 'size:65%'],
  ],
  ['keycaps', { profile: 'sa', material: 'pbt', legends: 'doubleshot', maker: '  Signature  Plastics ', kits: ['base', 'novelties'], condition: 'new-in-box' }, ['condition:new-in-box', 'kits:base', 'kits:novelties', 'legends:doubleshot', 'maker:signature plastics', 'material:pbt', 'profile:sa']],
  ['artisan', { maker: 'Alpha Keycaps', sculpt: 'Ghost', colorway: 'Mint', condition: 'used' }, ['colorway:mint', 'condition:used', 'maker:alpha keycaps', 'sculpt:ghost']],
  ['parts', { kind: 'switches', switchType: 'linear', quantity: 70, lubed: true, filmed: false, condition: 'used' }, ['condition:used', 'filmed:false', 'kind:switches', 'lubed:true', 'quantity:70', 'switchType:linear']],
  ['accessories', { kind: 'deskmat', condition: 'new-open-box' }, ['condition:new-open-box', 'kind:deskmat']],
];

describe('POST /api/item with specs', () => {
  it.each(VALID)('stores and answers the specs of a %s listing, with their tags', async (categoryId, specs, tags) => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', listingInput(user.id, { categoryId, specs }));
    expect(res.status).toBe(200);
    const row = await stored(res.body._id);
    expect(row?.specTags).toEqual(tags);
    // Lists in the list's order, texts with single inner spaces.
    const answered = (await client.get(`/api/item/${res.body._id}`)).body.item.specs;
    expect(answered).toEqual(row?.specs);
    expect(Object.keys(answered).sort()).toEqual(Object.keys(specs).sort());
    if (categoryId === 'keyboards') expect(answered.includes).toEqual(['switches', 'keycaps']);
    if (categoryId === 'keycaps') expect(answered.maker).toBe('Signature Plastics');
    // Everyone sees them: another user and a visitor.
    expect((await (await t.clientAs((await createUser(t.db.db)).id)).get(`/api/item/${res.body._id}`)).body.item.specs).toEqual(answered);
    expect((await (await t.client()).get(`/api/item/${res.body._id}`)).body.item.specs).toEqual(answered);
  });

  it.each([
    ['keyboards', { size: '66%' }, 'invalid_spec', 'specs.size'],
    ['keyboards', { includes: ['switches', 'mouse'] }, 'invalid_spec', 'specs.includes'],
    ['keyboards', { profile: 'sa' }, 'spec_not_in_category', 'specs.profile'],
    ['keycaps', { profile: 'cherry-ish' }, 'invalid_spec', 'specs.profile'],
    ['keycaps', { size: '65%' }, 'spec_not_in_category', 'specs.size'],
    ['keycaps', { maker: 'x'.repeat(61) }, 'invalid_spec', 'specs.maker'],
    ['artisan', { sculpt: 42 }, 'invalid_spec', 'specs.sculpt'],
    ['artisan', { kind: 'switches' }, 'spec_not_in_category', 'specs.kind'],
    ['parts', { kind: 'switches', quantity: 0 }, 'invalid_spec', 'specs.quantity'],
    ['parts', { kind: 'switches', lubed: 'yes' }, 'invalid_spec', 'specs.lubed'],
    ['parts', { kind: 'pcb', switchType: 'linear' }, 'spec_not_in_category', 'specs.switchType'],
    ['parts', { kind: 'stabilizers', lubed: true }, 'spec_not_in_category', 'specs.lubed'],
    ['parts', { kind: 'deskmat' }, 'invalid_spec', 'specs.kind'],
    ['accessories', { kind: 'switches' }, 'invalid_spec', 'specs.kind'],
    ['accessories', { switchType: 'linear' }, 'spec_not_in_category', 'specs.switchType'],
    ['accessories', { condition: 'mint' }, 'invalid_spec', 'specs.condition'],
    ['keyboards', ['65%'], 'invalid_spec', 'specs'],
  ])('a %s listing with %o answers %s on %s, and nothing is stored', async (categoryId, specs, message, field) => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', listingInput(user.id, { categoryId, specs }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await t.db.db.select({ id: items.id }).from(items)).toEqual([]);
  });

  it('takes a listing without specs (and switch specs on a part of no kind)', async () => {
    const { user, client } = await seller();
    const plain = await client.post('/api/item', listingInput(user.id));
    expect(await stored(plain.body._id)).toMatchObject({ specs: {}, specTags: [] });
    const lot = await client.post('/api/item', listingInput(user.id, { categoryId: 'parts', specs: { switchType: 'tactile', quantity: 90 } }));
    expect(await stored(lot.body._id)).toMatchObject({ specs: { switchType: 'tactile', quantity: 90 }, specTags: ['quantity:90', 'switchType:tactile'] });
  });
});

describe('listings from before specs', () => {
  it('answer specs {} on the item page, the edit and duplicate views and the approval queue', async () => {
    const owner = await seller();
    const old = await createItem(t.db.db, owner.user.id);
    const pending = await createItem(t.db.db, owner.user.id, { approvalStatus: 'pending' });
    expect((await owner.client.get(`/api/item/${old.id}`)).body.item.specs).toEqual({});
    expect((await owner.client.get(`/api/item/${old.id}/edit`)).body.item.specs).toEqual({});
    expect((await owner.client.get(`/api/item/${old.id}/duplicate`)).body.item.specs).toEqual({});
    const admin = await t.clientAs((await createUser(t.db.db, { isAdmin: true })).id);
    const queue = (await admin.get('/api/items/approval')).body as Array<{ _id: string; specs: unknown }>;
    expect(queue.find((i) => i._id === pending.id)?.specs).toEqual({});
    // An edit that says nothing of specs leaves the listing without any.
    const res = await owner.client.put(`/api/item/${old.id}`, listingInput(owner.user.id, { categoryId: 'keyboards', name: 'Old board' }));
    expect(res.status).toBe(200);
    expect(await stored(old.id)).toMatchObject({ specs: {}, specTags: [] });
  });
});

describe('PUT /api/item/{id} and specs', () => {
  const board = { size: '65%', mounting: 'hot-swap', condition: 'used' };

  async function listed(specs: Record<string, unknown> = board, categoryId = 'keyboards') {
    const owner = await seller();
    const res = await owner.client.post('/api/item', listingInput(owner.user.id, { categoryId, specs }));
    return { ...owner, id: res.body._id as string };
  }

  it('keeps them when the edit leaves them out, replaces them when it sends some, removes them with {} or null', async () => {
    const { user, client, id } = await listed();
    await client.put(`/api/item/${id}`, listingInput(user.id, { categoryId: 'keyboards', name: 'Renamed' }));
    expect(await stored(id)).toMatchObject({ specs: board, specTags: ['condition:used', 'mounting:hot-swap', 'size:65%'] });
    await client.put(`/api/item/${id}`, listingInput(user.id, { categoryId: 'keyboards', specs: { size: 'tkl', layout: 'iso' } }));
    expect(await stored(id)).toMatchObject({ specs: { size: 'tkl', layout: 'iso' }, specTags: ['layout:iso', 'size:tkl'] });
    expect((await client.get(`/api/item/${id}/edit`)).body.item.specs).toEqual({ size: 'tkl', layout: 'iso' });
    await client.put(`/api/item/${id}`, listingInput(user.id, { categoryId: 'keyboards', specs: {} }));
    expect(await stored(id)).toMatchObject({ specs: {}, specTags: [] });
    await client.put(`/api/item/${id}`, listingInput(user.id, { categoryId: 'keyboards', specs: board }));
    await client.put(`/api/item/${id}`, listingInput(user.id, { categoryId: 'keyboards', specs: null }));
    expect(await stored(id)).toMatchObject({ specs: {}, specTags: [] });
  });

  it('refuses bad specs on an edit and changes nothing', async () => {
    const { user, client, id } = await listed();
    const res = await client.put(`/api/item/${id}`, listingInput(user.id, { categoryId: 'keyboards', name: 'Renamed', specs: { size: '65%', profile: 'sa' } }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'spec_not_in_category', field: 'specs.profile' });
    const [row] = await t.db.db.select({ name: items.name, specs: items.specs }).from(items).where(eq(items.id, id));
    expect(row).toEqual({ name: 'GMK Olivia', specs: board });
  });

  it('drops the keys that no longer belong when the category changes and the specs are left out', async () => {
    const { user, client, id } = await listed();
    await client.put(`/api/item/${id}`, listingInput(user.id, { categoryId: 'keycaps' }));
    expect(await stored(id)).toMatchObject({ categoryId: 'keycaps', specs: { condition: 'used' }, specTags: ['condition:used'] });

    // A switch lot turned into a part of another kind by its specs, then into accessories: only what fits stays.
    const lot = await listed({ kind: 'switches', switchType: 'linear', lubed: true, condition: 'new-in-box' }, 'parts');
    await lot.client.put(`/api/item/${lot.id}`, listingInput(lot.user.id, { categoryId: 'accessories' }));
    expect(await stored(lot.id)).toMatchObject({ specs: { condition: 'new-in-box' }, specTags: ['condition:new-in-box'] });

    // Specs sent with the new category are the new category's, checked as on a create.
    const other = await listed();
    const res = await other.client.put(`/api/item/${other.id}`, listingInput(other.user.id, { categoryId: 'keycaps', specs: board }));
    expect(res.body).toEqual({ message: 'spec_not_in_category', field: 'specs.size' });
    expect(await stored(other.id)).toMatchObject({ categoryId: 'keyboards', specs: board });
  });

  it("cannot touch another seller's specs, nor can a visitor", async () => {
    const { id } = await listed();
    const other = await seller();
    const body = listingInput(other.user.id, { categoryId: 'keyboards', specs: { size: 'tkl' } });
    expect((await other.client.put(`/api/item/${id}`, body)).status).toBe(403);
    expect((await (await t.client()).put(`/api/item/${id}`, body)).status).toBe(401);
    expect((await other.client.get(`/api/item/${id}/edit`)).status).toBe(403);
    expect((await stored(id))?.specs).toEqual(board);
  });

  it('the duplicate view and the approval queue carry the specs', async () => {
    const { client, id } = await listed();
    expect((await client.get(`/api/item/${id}/duplicate`)).body.item.specs).toEqual(board);
    const admin = await t.clientAs((await createUser(t.db.db, { isAdmin: true })).id);
    const queue = (await admin.get('/api/items/approval')).body as Array<{ _id: string; specs: unknown }>;
    expect(queue.find((i) => i._id === id)?.specs).toEqual(board);
  });
});
