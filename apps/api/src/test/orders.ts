import { eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { expect } from 'vitest';
import type { MailingAddress } from '@keeb/shared';
import { orders, users } from '../db/schema/index';
import type { TestContext } from './app';
import { createItem, createUser } from './factories';

export const SAMPLE_ADDRESS: MailingAddress = {
  name: 'Bea Buyer',
  line1: '1 Main St',
  line2: 'Apt 2',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
};

export interface Member {
  user: Awaited<ReturnType<typeof createUser>>;
  client: Awaited<ReturnType<TestContext['clientAs']>>;
}

export async function member(t: TestContext, overrides: Parameters<typeof createUser>[1] = {}): Promise<Member> {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date(), ...overrides });
  return { user, client: await t.clientAs(user.id) };
}

const hiddenToken = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/**
 * A paid order, made as a user makes one: a $100 Buy It Now listing shipping to the US for $10, bought through
 * the local payment stand-in (create, Pay Now on its approval page, process). The buyer's saved mailing address is
 * `address` (SAMPLE_ADDRESS unless given; null: none), which the stand-in sends with the capture when its form
 * sends none: the order's shipTo is checked to be that address. Reusable by any test file built on useTestApp.
 */
export async function paidOrder(
  t: TestContext,
  options: { seller?: Member; buyer?: Member; address?: MailingAddress | null; item?: Parameters<typeof createItem>[2] } = {},
) {
  const seller = options.seller ?? (await member(t));
  const buyer = options.buyer ?? (await member(t));
  const address = options.address === undefined ? SAMPLE_ADDRESS : options.address;
  await t.db.db.update(users).set({ mailingAddress: address }).where(eq(users.id, buyer.user.id));
  const item = await createItem(t.db.db, seller.user.id, { priceCents: 10_000, isFixedPrice: true, paymentEmail: 'payee@example.test', ...options.item });
  const created = await buyer.client.post('/api/payment/item/create', { _id: item.id });
  expect(created.status).toBe(200);
  const redirectUrl = created.body.redirectUrl as string;
  const page = await buyer.client.get(redirectUrl);
  const paid = await supertest(t.app)
    .post(redirectUrl)
    .set('Cookie', buyer.client.cookie)
    .type('form')
    .send(new URLSearchParams({ _xsrf: hiddenToken(page.text), action: 'pay' }).toString());
  const providerOrderId = new URL(paid.headers.location ?? '', 'http://x').searchParams.get('token')!;
  const processed = await buyer.client.post('/api/payment/item/process', { orderId: providerOrderId });
  expect(processed.body).toMatchObject({ status: 'COMPLETED' });
  const [order] = await t.db.db.select().from(orders).where(eq(orders.itemId, item.id));
  if (!order) throw new Error('the sale made no order');
  // Where to ship travels from the buyer's saved address through the stand-in's capture into the order.
  expect(order.shipTo).toEqual(address);
  return { seller, buyer, item, orderId: order.id, providerOrderId };
}

/**
 * Time passes for one order: its timestamps and its queued deadline jobs move `hours` into the past, then the
 * jobs now due run (the way offers.test.ts advances a payment window).
 */
export async function passTime(t: TestContext, orderId: string, hours: number) {
  const by = sql.raw(`interval '${Math.round(hours * 3600)} seconds'`);
  await t.db.db.execute(sql`update orders set paid_at = paid_at - ${by}, ship_by = ship_by - ${by}, shipped_at = shipped_at - ${by},
    received_at = received_at - ${by}, closed_at = closed_at - ${by} where id = ${orderId}`);
  await t.db.db.execute(sql`update pgboss.job set start_after = start_after - ${by}
    where name = 'order-deadline' and state in ('created', 'retry') and data->>'orderId' = ${orderId}`);
  await t.jobs.drain();
}

export const orderRow = async (t: TestContext, id: string) => (await t.db.db.select().from(orders).where(eq(orders.id, id)))[0]!;
