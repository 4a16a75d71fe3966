import { describe, expect, it, vi } from 'vitest';
import { items } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser, listingInput } from '../../test/factories';

const t = useTestApp({ LISTINGS_PER_DAY: '2' });

const listing = (userId: string) => listingInput(userId, { name: 'GMK Olivia++ Base', shippingPrices: [{ code: 'US', price: '0' }] });

async function sellerAtLimit() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date() });
  for (let i = 0; i < 2; i++) await createItem(t.db.db, user.id);
  return { user, client: await t.clientAs(user.id) };
}

describe('refused listing attempts stay cheap for everyone else', () => {
  it('refuses a seller at the posting limit without opening a transaction (no lock, no held connection)', async () => {
    const { user, client } = await sellerAtLimit();
    const transactions = vi.spyOn(t.db.db, 'transaction');
    try {
      const res = await client.post('/api/item', listing(user.id));
      expect(res.status).toBe(429);
      expect(res.body.message).toBe('too_many_posts');
      expect(res.body.timeLeft).toBeGreaterThan(0);
      expect(transactions).not.toHaveBeenCalled();
    } finally {
      transactions.mockRestore();
    }
    expect(await t.db.db.select().from(items)).toHaveLength(2);
  });

  it('still creates in a transaction below the limit', async () => {
    const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date() });
    const transactions = vi.spyOn(t.db.db, 'transaction');
    try {
      expect((await (await t.clientAs(user.id)).post('/api/item', listing(user.id))).status).toBe(200);
      expect(transactions).toHaveBeenCalledTimes(1);
    } finally {
      transactions.mockRestore();
    }
  });

  it('rate-limits the create call: 429 TooManyRequests after 20 calls in 10 minutes', async () => {
    const { user, client } = await sellerAtLimit();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await client.post('/api/item', listing(user.id))).status);
    expect(statuses.slice(0, 20).every((s) => s === 429)).toBe(true);
    const limited = await client.post('/api/item', listing(user.id));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'TooManyRequests' });
    // Another seller is not affected.
    const other = await createUser(t.db.db, { emailConfirmedAt: new Date(), phoneVerifiedAt: new Date() });
    expect((await (await t.clientAs(other.id)).post('/api/item', listing(other.id))).status).toBe(200);
  });
});
