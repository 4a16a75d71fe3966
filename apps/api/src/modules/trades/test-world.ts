import { eq, inArray } from 'drizzle-orm';
import supertest from 'supertest';
import { items, tradeEvents, trades } from '../../db/schema/index';
import type { TestContext } from '../../test/app';
import { createItem } from '../../test/factories';
import { member, SAMPLE_ADDRESS, type Member } from '../../test/orders';

/** Test helpers of the trades tests: traders with a saved address, listings open to trades, a proposal. */

export async function trader(t: TestContext, overrides: Parameters<typeof member>[1] = {}): Promise<Member> {
  return member(t, { mailingAddress: SAMPLE_ADDRESS, ...overrides });
}

export function listing(t: TestContext, owner: Member, overrides: Parameters<typeof createItem>[2] = {}) {
  return createItem(t.db.db, owner.user.id, { openToTrades: true, ...overrides });
}

export interface Deal {
  seller: Member;
  proposer: Member;
  itemId: string;
  offeredIds: string[];
  tradeId: string;
}

/** A pending trade: the proposer offers `offered` of their listings (plus `cash`) for a listing of the seller's. */
export async function proposedTrade(
  t: TestContext,
  options: { seller?: Member; proposer?: Member; itemId?: string; offered?: number; offeredIds?: string[]; cash?: { cashToSeller?: number | string; cashToBuyer?: number | string } } = {},
): Promise<Deal> {
  const seller = options.seller ?? (await trader(t));
  const proposer = options.proposer ?? (await trader(t));
  const itemId = options.itemId ?? (await listing(t, seller)).id;
  const offeredIds = options.offeredIds ?? (await Promise.all(Array.from({ length: options.offered ?? 1 }, () => listing(t, proposer)))).map((i) => i.id);
  const res = await proposer.client.post('/api/trade', { itemId, offeredItemIds: offeredIds, message: 'Tofu65 for your Olivia?', ...options.cash });
  if (res.status !== 200) throw new Error(`proposal refused: ${res.status} ${JSON.stringify(res.body)}`);
  return { seller, proposer, itemId, offeredIds, tradeId: res.body._id as string };
}

export const tradeRow = async (t: TestContext, id: string) => (await t.db.db.select().from(trades).where(eq(trades.id, id)))[0]!;

export const eventsOf = async (t: TestContext, id: string) =>
  (await t.db.db.select({ e: tradeEvents.transition }).from(tradeEvents).where(eq(tradeEvents.tradeId, id)).orderBy(tradeEvents.at, tradeEvents.id)).map((r) => r.e);

/** Which trade holds each of the items (null: none). */
export async function holders(t: TestContext, ids: string[]) {
  const rows = await t.db.db.select({ id: items.id, tradeId: items.tradeId, purchaserId: items.purchaserId }).from(items).where(inArray(items.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.tradeId]));
}

const hiddenToken = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** A buyer's checkout through the local stand-in up to the provider's approval: answers the order to capture. */
export async function approvedCheckout(t: TestContext, buyer: Member, itemId: string) {
  const created = await buyer.client.post('/api/payment/item/create', { _id: itemId });
  if (created.status !== 200) return { created };
  const redirectUrl = created.body.redirectUrl as string;
  const page = await buyer.client.get(redirectUrl);
  const paid = await supertest(t.app)
    .post(redirectUrl)
    .set('Cookie', buyer.client.cookie)
    .type('form')
    .send(new URLSearchParams({ _xsrf: hiddenToken(page.text), action: 'pay' }).toString());
  const providerOrderId = new URL(paid.headers.location ?? '', 'http://x').searchParams.get('token')!;
  return { created, providerOrderId };
}

/** Buys the item through the stand-in (create, Pay Now, process): answers the process call's answer. */
export async function buy(t: TestContext, buyer: Member, itemId: string) {
  const { created, providerOrderId } = await approvedCheckout(t, buyer, itemId);
  if (!providerOrderId) return created;
  return buyer.client.post('/api/payment/item/process', { orderId: providerOrderId });
}
