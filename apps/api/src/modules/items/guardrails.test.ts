import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createUser, listingInput } from '../../test/factories';

const t = useTestApp();

async function seller() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date() });
  return { user, client: await t.clientAs(user.id) };
}

const guardrailsOf = async (id: string) =>
  (await t.db.db.select({ floor: items.autoDeclineBelowCents, accept: items.autoAcceptAtCents }).from(items).where(eq(items.id, id)))[0];

describe('offer guardrails on a listing (autoDeclineBelow, autoAcceptAt)', () => {
  it('are stored in cents on create and edited later; left out of an edit they stay, empty or null unsets them', async () => {
    const { user, client } = await seller();
    const created = await client.post('/api/item', listingInput(user.id, { autoDeclineBelow: '150', autoAcceptAt: 220.5 }));
    expect(created.status).toBe(200);
    const id = created.body._id as string;
    expect(await guardrailsOf(id)).toEqual({ floor: 15_000, accept: 22_050 });

    const edit = (patch: Record<string, unknown>) => client.put(`/api/item/${id}`, listingInput(user.id, patch));
    expect((await edit({ autoDeclineBelow: '160' })).status).toBe(200);
    expect(await guardrailsOf(id)).toEqual({ floor: 16_000, accept: 22_050 });
    expect((await edit({ autoAcceptAt: '' })).status).toBe(200);
    expect(await guardrailsOf(id)).toEqual({ floor: 16_000, accept: null });
    expect((await edit({ autoDeclineBelow: null })).status).toBe(200);
    expect(await guardrailsOf(id)).toEqual({ floor: null, accept: null });
  });

  it('are dropped by a listing that takes no offers', async () => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', listingInput(user.id, { offersAccepted: false, isFixedPrice: true, autoDeclineBelow: 'nonsense', autoAcceptAt: '200' }));
    expect(res.status).toBe(200);
    expect(await guardrailsOf(res.body._id)).toEqual({ floor: null, accept: null });
  });

  it.each([
    [{ autoDeclineBelow: 'abc' }, 'price', 'autoDeclineBelow'],
    [{ autoDeclineBelow: '0' }, 'price', 'autoDeclineBelow'],
    [{ autoAcceptAt: '12.345' }, 'price', 'autoAcceptAt'],
    [{ autoAcceptAt: '-5' }, 'price', 'autoAcceptAt'],
    [{ autoAcceptAt: ['5'] }, 'price', 'autoAcceptAt'],
    [{ autoAcceptAt: { a: 1 } }, 'price', 'autoAcceptAt'],
    [{ autoDeclineBelow: '9999999' }, 'price_too_high', 'autoDeclineBelow'],
    [{ autoDeclineBelow: '200', autoAcceptAt: '150' }, 'auto_order', 'autoDeclineBelow'],
    [{ isFixedPrice: true, autoDeclineBelow: '240' }, 'auto_above_price', 'autoDeclineBelow'],
    [{ isFixedPrice: true, autoAcceptAt: '250' }, 'auto_above_price', 'autoAcceptAt'],
  ])('%o is refused with %s and lists nothing', async (patch, message, field) => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', listingInput(user.id, patch));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await t.db.db.select().from(items)).toEqual([]);
  });

  it('an offers-only listing may set them above its price; the floor may equal the auto-accept price', async () => {
    const { user, client } = await seller();
    const res = await client.post('/api/item', listingInput(user.id, { isFixedPrice: false, autoDeclineBelow: '300', autoAcceptAt: '300' }));
    expect(res.status).toBe(200);
    expect(await guardrailsOf(res.body._id)).toEqual({ floor: 30_000, accept: 30_000 });
  });

  it('an edit that lowers the Buy It Now price under a kept guardrail is refused and changes nothing', async () => {
    const { user, client } = await seller();
    const id = (await client.post('/api/item', listingInput(user.id, { isFixedPrice: true, autoDeclineBelow: '150', autoAcceptAt: '200' }))).body._id;
    const res = await client.put(`/api/item/${id}`, listingInput(user.id, { isFixedPrice: true, price: '180' }));
    expect(res).toMatchObject({ status: 400, body: { message: 'auto_above_price', field: 'autoAcceptAt' } });
    const [row] = await t.db.db.select({ price: items.priceCents }).from(items).where(eq(items.id, id));
    expect(row?.price).toBe(24_000);
    const lowered = await client.put(`/api/item/${id}`, listingInput(user.id, { isFixedPrice: true, price: '180', autoAcceptAt: '170' }));
    expect(lowered.status).toBe(200);
    expect(await guardrailsOf(id)).toEqual({ floor: 15_000, accept: 17_000 });
  });

  it('only the owner sees them: the item page, edit and duplicate views; a buyer and a visitor never do', async () => {
    const { user, client } = await seller();
    const id = (await client.post('/api/item', listingInput(user.id, { autoDeclineBelow: '150', autoAcceptAt: '220' }))).body._id;
    await t.db.db.update(items).set({ approvalStatus: 'approved' }).where(eq(items.id, id));
    for (const path of [`/api/item/${id}`, `/api/item/${id}/edit`, `/api/item/${id}/duplicate`]) {
      expect((await client.get(path)).body.item).toMatchObject({ autoDeclineBelow: 150, autoAcceptAt: 220 });
    }
    const buyer = await t.clientAs((await createUser(t.db.db)).id);
    for (const viewer of [buyer, await t.client()]) {
      const res = await viewer.get(`/api/item/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.item).not.toHaveProperty('autoDeclineBelow');
      expect(res.body.item).not.toHaveProperty('autoAcceptAt');
      expect(res.text).not.toMatch(/autoDecline|autoAccept/);
    }
    const unset = (await client.post('/api/item', listingInput(user.id))).body._id;
    expect((await client.get(`/api/item/${unset}/edit`)).body.item).toMatchObject({ autoDeclineBelow: null, autoAcceptAt: null });
  });
});
