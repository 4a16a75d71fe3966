import { eq } from 'drizzle-orm';
import type { MailingAddress } from '@keeb/shared';
import { items, orders } from '../db/schema/index';
import type { TestContext } from './app';
import { createItem } from './factories';
import { member, type Member } from './orders';

/** Settlement tests' helpers (issue 28): an accepted trade made through the API, and where each side lives. */

export const SELLER_ADDRESS: MailingAddress = { name: 'Sam Seller', line1: '9 Oak Ave', line2: '', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
export const PROPOSER_ADDRESS: MailingAddress = { name: 'Pat Proposer', line1: '5 Elm St', line2: 'Unit 3', city: 'Austin', region: 'TX', postalCode: '73301', country: 'US' };

export interface AcceptedTrade {
  seller: Member;
  proposer: Member;
  item: Awaited<ReturnType<typeof createItem>>;
  offered: Array<Awaited<ReturnType<typeof createItem>>>;
  tradeId: string;
}

/**
 * The seller's listing (paid at seller-pay@), the proposer's `offered` listings (paid at proposer-pay@), the
 * proposal with `cash` and the seller's acceptance, all through the API.
 */
export async function acceptedTrade(t: TestContext, options: { offered?: number; cash?: { cashToSeller?: number; cashToBuyer?: number } } = {}): Promise<AcceptedTrade> {
  const seller = await member(t, { mailingAddress: SELLER_ADDRESS });
  const proposer = await member(t, { mailingAddress: PROPOSER_ADDRESS });
  const item = await createItem(t.db.db, seller.user.id, { openToTrades: true, name: `Olivia ${seller.user.username}`, paymentEmail: 'seller-pay@example.test' });
  const offered = [];
  for (let i = 0; i < (options.offered ?? 1); i++) {
    offered.push(await createItem(t.db.db, proposer.user.id, { name: `Tofu65 ${i} ${proposer.user.username}`, paymentEmail: 'proposer-pay@example.test' }));
  }
  const proposed = await proposer.client.post('/api/trade', { itemId: item.id, offeredItemIds: offered.map((o) => o.id), message: 'Tofu65 for your Olivia?', ...options.cash });
  if (proposed.status !== 200) throw new Error(`proposal refused: ${proposed.status} ${JSON.stringify(proposed.body)}`);
  const tradeId = proposed.body._id as string;
  const accepted = await seller.client.post(`/api/trade/${tradeId}/accept`);
  if (accepted.status !== 200) throw new Error(`acceptance refused: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { seller, proposer, item, offered, tradeId };
}

/** The trade's two orders: toSeller carries the proposer's listings, toProposer the seller's. */
export async function tradeOrders(t: TestContext, trade: AcceptedTrade) {
  const rows = await t.db.db.select().from(orders).where(eq(orders.tradeId, trade.tradeId));
  return { toSeller: rows.find((o) => o.itemId === trade.offered[0]!.id), toProposer: rows.find((o) => o.itemId === trade.item.id), count: rows.length };
}

export const itemRow = async (t: TestContext, id: string) => (await t.db.db.select().from(items).where(eq(items.id, id)))[0]!;
