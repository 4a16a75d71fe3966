import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, offers, trades } from '../../db/schema/index';
import { checkViolation } from '../../platform/db-errors';
import { useTestApp } from '../../test/app';
import { userTablesChecksum } from '../../test/checksum';
import { readOutbox } from '../../test/outbox';
import { markItemSold } from '../payments/repo';
import { approvedCheckout, buy, eventsOf, holders, listing, proposedTrade, trader, tradeRow } from './test-world';

/** Accepting holds every item of the trade at once; held items are out of every other deal until it ends. */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

async function acceptedTrade(options: Parameters<typeof proposedTrade>[1] = {}) {
  const deal = await proposedTrade(t, { offered: 2, ...options });
  expect((await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`)).status).toBe(200);
  return deal;
}

describe('held items', () => {
  it('cannot be bought: checkout of the trade\'s item or of an offered one answers payment_pending (Currently Unavailable)', async () => {
    const deal = await acceptedTrade({ cash: { cashToSeller: 40 } });
    const buyer = await trader(t);
    for (const id of [deal.itemId, ...deal.offeredIds]) {
      expect(await buyer.client.post('/api/payment/item/create', { _id: id })).toMatchObject({ status: 409, body: { message: 'payment_pending' } });
    }
    const [row] = await t.db.db.select({ paymentStatus: items.paymentStatus }).from(items).where(eq(items.id, deal.itemId));
    expect(row?.paymentStatus).toBe('none');
  });

  it('cannot be offered on, and an offer made before cannot be accepted meanwhile', async () => {
    const deal = await proposedTrade(t);
    const buyer = await trader(t);
    const early = await buyer.client.post('/api/offer', { itemId: deal.itemId, offerPrice: '80', offerShippingPrice: 0 });
    expect(early.status).toBe(200);
    expect((await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`)).status).toBe(200);
    const late = await trader(t);
    expect(await late.client.post('/api/offer', { itemId: deal.itemId, offerPrice: '90', offerShippingPrice: 0 })).toMatchObject({ status: 409, body: { message: 'not_accepting_offers' } });
    expect(await late.client.post('/api/offer', { itemId: deal.offeredIds[0], offerPrice: '90', offerShippingPrice: 0 })).toMatchObject({ status: 409, body: { message: 'not_accepting_offers' } });
    expect(await deal.seller.client.post(`/api/offer/${early.body._id}/accept`, { itemId: deal.itemId })).toMatchObject({ status: 409, body: { message: 'not_accepting_offers' } });
    expect((await t.db.db.select({ status: offers.status }).from(offers).where(eq(offers.id, early.body._id)))[0]?.status).toBe('pending');
  });

  it('cannot be put in another accepted trade: accepting closes the other open trades of every held item (item_traded), both parties told', async () => {
    const seller = await trader(t);
    const proposer = await trader(t);
    const item = await listing(t, seller);
    const shared = await listing(t, proposer);
    const winner = await proposedTrade(t, { seller, itemId: item.id });
    const rival = await proposedTrade(t, { seller, itemId: item.id });
    // The proposer offers one listing in two trades with two sellers.
    const viaOffered = await proposedTrade(t, { proposer, offeredIds: [shared.id] });
    const sameOffered = await proposedTrade(t, { proposer, offeredIds: [shared.id] });
    expect((await seller.client.post(`/api/trade/${winner.tradeId}/accept`)).status).toBe(200);
    expect(await tradeRow(t, rival.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'item_traded' });
    expect(await eventsOf(t, rival.tradeId)).toEqual(['proposed', 'closed']);
    expect(await seller.client.post(`/api/trade/${rival.tradeId}/accept`)).toMatchObject({ status: 409, body: { message: 'invalid_state', status: 'cancelled' } });
    const closedMails = (await readOutbox(t.config.outboxDir)).filter((m) => m.subject.startsWith('Trade closed'));
    expect(closedMails.map((m) => m.to).sort()).toEqual([seller.user.email, rival.proposer.user.email].sort());
    expect(closedMails[0]?.text).toContain('an item in it went to another trade');

    expect((await viaOffered.seller.client.post(`/api/trade/${viaOffered.tradeId}/accept`)).status).toBe(200);
    expect(await tradeRow(t, sameOffered.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'item_traded' });
    expect(await holders(t, [shared.id])).toEqual({ [shared.id]: viaOffered.tradeId });
  });

  it('a trade naming an item another trade holds is refused whole (item_unavailable) and nothing is held', async () => {
    const holder = await acceptedTrade();
    const late = await proposedTrade(t, { seller: holder.seller });
    // Reopened by hand (as if it had been countered onto the held item while the accept committed).
    await t.db.db.update(trades).set({ status: 'pending' }).where(eq(trades.id, late.tradeId));
    const { tradeItems } = await import('../../db/schema/index');
    await t.db.db.insert(tradeItems).values({ tradeId: late.tradeId, itemId: holder.itemId, position: 1 });
    const before = await userTablesChecksum(t.db.db);
    expect(await late.seller.client.post(`/api/trade/${late.tradeId}/accept`)).toMatchObject({ status: 409, body: { message: 'item_unavailable' } });
    expect(await userTablesChecksum(t.db.db)).toBe(before);
    expect(await holders(t, [late.itemId, ...late.offeredIds])).toEqual(Object.fromEntries([late.itemId, ...late.offeredIds].map((id) => [id, null])));
  });

  it('an item reserved by an accepted offer, or being paid for, cannot be traded meanwhile (item_unavailable)', async () => {
    const deal = await proposedTrade(t);
    const buyer = await trader(t);
    const offer = await buyer.client.post('/api/offer', { itemId: deal.itemId, offerPrice: '80', offerShippingPrice: 0 });
    expect((await deal.seller.client.post(`/api/offer/${offer.body._id}/accept`, { itemId: deal.itemId })).status).toBe(200);
    expect(await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`)).toMatchObject({ status: 409, body: { message: 'item_unavailable' } });
    expect((await tradeRow(t, deal.tradeId)).status).toBe('pending');

    const paying = await proposedTrade(t);
    expect((await approvedCheckout(t, buyer, paying.offeredIds[0]!)).created.status).toBe(200);
    expect(await paying.seller.client.post(`/api/trade/${paying.tradeId}/accept`)).toMatchObject({ status: 409, body: { message: 'item_unavailable' } });
    expect(await holders(t, [paying.itemId])).toEqual({ [paying.itemId]: null });
  });

  it('a sale of an offered item closes the pending trade (item_sold)', async () => {
    const deal = await proposedTrade(t);
    const buyer = await trader(t);
    expect((await buy(t, buyer, deal.offeredIds[0]!)).body).toMatchObject({ status: 'COMPLETED' });
    expect(await tradeRow(t, deal.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'item_sold' });
  });

  it('the sale itself never marks a held item sold: markItemSold refuses it, and the database refuses a buyer on it', async () => {
    const deal = await acceptedTrade();
    const buyer = await trader(t);
    expect(await t.db.db.transaction((tx) => markItemSold(tx, deal.itemId, buyer.user.id, 100))).toBe(false);
    const error = await t.db.db.update(items).set({ purchaserId: buyer.user.id }).where(eq(items.id, deal.itemId)).catch((e: unknown) => e);
    expect(checkViolation(error)).toBe('items_sale_or_trade');
  });

  it('removing a listing closes its pending trades (item_removed); removing a held listing is refused (trade_pending)', async () => {
    const deal = await proposedTrade(t);
    expect((await deal.proposer.client.delete(`/api/item/${deal.offeredIds[0]}/remove`)).status).toBe(200);
    expect(await tradeRow(t, deal.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'item_removed' });
    expect((await readOutbox(t.config.outboxDir)).some((m) => m.to === deal.seller.user.email && m.text.includes('removed by its owner'))).toBe(true);

    const held = await acceptedTrade();
    for (const [who, id] of [[held.seller, held.itemId], [held.proposer, held.offeredIds[1]!]] as const) {
      expect(await who.client.delete(`/api/item/${id}/remove`)).toMatchObject({ status: 409, body: { message: 'trade_pending' } });
      expect((await t.db.db.select({ removedAt: items.removedAt }).from(items).where(eq(items.id, id)))[0]?.removedAt).toBeNull();
    }
  });
});
