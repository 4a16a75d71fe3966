import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { itemShipping, items, users } from '../db/schema/index';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export async function createUser(db: Database, overrides: Partial<typeof users.$inferInsert> = {}) {
  const name = overrides.username ?? `user_${unique()}`;
  const [row] = await db
    .insert(users)
    .values({ username: name, email: `${name.toLowerCase()}@example.test`, shippingRegionCode: 'US', ...overrides })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

/** An approved listing's row with test values, for inserting one or many at once. */
export function itemValues(sellerId: string, overrides: Partial<typeof items.$inferInsert> = {}): typeof items.$inferInsert {
  return {
    sellerId,
    categoryId: 'keyboards',
    name: `Test board ${unique()}`,
    description: 'A board for tests.',
    priceCents: 10_000,
    paymentEmail: 'seller@example.test',
    offersAccepted: true,
    isFixedPrice: true,
    photos: ['/uploads/test/a.jpg'],
    thumbnail: '/uploads/test/a-thumb.jpg',
    approvalStatus: 'approved',
    ...overrides,
  };
}

export async function createItem(
  db: Database,
  sellerId: string,
  overrides: Partial<typeof items.$inferInsert> = {},
  shipping: Array<{ regionCode: string; priceCents: number }> = [{ regionCode: 'US', priceCents: 1000 }],
) {
  const [row] = await db.insert(items).values(itemValues(sellerId, overrides)).returning();
  if (!row) throw new Error('item insert returned nothing');
  if (shipping.length > 0) await db.insert(itemShipping).values(shipping.map((s) => ({ itemId: row.id, ...s })));
  return row;
}

/** `n` approved listings with US shipping (free), inserted in one statement each, in the order given: their ids. */
export async function createItems(db: Database, sellerId: string, n: number, row: (i: number) => Partial<typeof items.$inferInsert>) {
  const inserted = await db
    .insert(items)
    .values(Array.from({ length: n }, (_, i) => itemValues(sellerId, row(i))))
    .returning({ id: items.id });
  await db.insert(itemShipping).values(inserted.map((r) => ({ itemId: r.id, regionCode: 'US', priceCents: 0 })));
  return inserted.map((r) => r.id);
}

/** A valid POST /api/item body for `userId` (one of their own uploads as the photo), with overrides. */
export function listingInput(userId: string, overrides: Record<string, unknown> = {}) {
  return {
    categoryId: 'keycaps',
    name: 'GMK Olivia',
    description: 'Mounted once.',
    price: '240',
    payment: 'pay@example.com',
    offersAccepted: true,
    isFixedPrice: false,
    photos: [`/uploads/items/${userId}/photo1.jpg`],
    shippingPrices: [{ code: 'US', price: '5' }],
    ...overrides,
  };
}
