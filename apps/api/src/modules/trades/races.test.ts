import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, purchases, trades } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { approvedCheckout, holders, listing, proposedTrade, trader, tradeRow } from './test-world';

/** Races on the real database: one winner per item, never an item in two deals. */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const itemState = async (id: string) =>
  (await t.db.db.select({ tradeId: items.tradeId, purchaserId: items.purchaserId, paymentStatus: items.paymentStatus }).from(items).where(eq(items.id, id)))[0]!;

describe('races', () => {
  it('20 trades on one item accepted at once: exactly one is accepted and holds its items; the others are closed', { timeout: 120_000 }, async () => {
    const seller = await trader(t);
    const item = await listing(t, seller);
    const deals = [];
    for (let i = 0; i < 20; i++) deals.push(await proposedTrade(t, { seller, itemId: item.id }));
    const answers = await Promise.all(deals.map((d) => seller.client.post(`/api/trade/${d.tradeId}/accept`)));
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const winner = deals[answers.findIndex((a) => a.status === 200)]!;
    const rows = await t.db.db.select({ id: trades.id, status: trades.status, closedReason: trades.closedReason }).from(trades).where(eq(trades.itemId, item.id));
    expect(rows.filter((r) => r.status === 'accepted').map((r) => r.id)).toEqual([winner.tradeId]);
    expect(rows.filter((r) => r.status === 'cancelled' && r.closedReason === 'item_traded')).toHaveLength(19);
    expect(await holders(t, [item.id, ...winner.offeredIds])).toEqual(Object.fromEntries([item.id, ...winner.offeredIds].map((id) => [id, winner.tradeId])));
    const losersOffered = deals.filter((d) => d !== winner).flatMap((d) => d.offeredIds);
    const held = await t.db.db.select({ tradeId: items.tradeId }).from(items).where(inArray(items.id, losersOffered));
    expect(held.every((r) => r.tradeId === null)).toBe(true);
  });

  it('a trade accepted while one of its items is being bought: one winner each round, no item both sold and held', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 8; round++) {
      const deal = await proposedTrade(t);
      const buyer = await trader(t);
      // Odd rounds race the checkout's start with the accept; even rounds race the capture of an approved checkout.
      const target = round % 4 < 2 ? deal.itemId : deal.offeredIds[0]!;
      const accept = () => deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`);
      if (round % 2) {
        const [accepted, checkout] = await Promise.all([accept(), approvedCheckout(t, buyer, target)]);
        expect([accepted.status, checkout.created.status].sort()).toEqual([200, 409]);
        const state = await itemState(target);
        if (accepted.status === 200) {
          expect(checkout.created.body.message).toBe('payment_pending');
          expect(state).toMatchObject({ tradeId: deal.tradeId, purchaserId: null, paymentStatus: 'none' });
        } else {
          expect(accepted.body.message).toBe('item_unavailable');
          expect(state).toMatchObject({ tradeId: null, paymentStatus: 'pending' });
        }
      } else {
        const { providerOrderId } = await approvedCheckout(t, buyer, target);
        const [accepted, processed] = await Promise.all([accept(), buyer.client.post('/api/payment/item/process', { orderId: providerOrderId })]);
        // The checkout started first, so it has the item: the accept loses and the sale goes through. It loses at the
        // item's lock (item_unavailable), or, when the capture has already closed the trade (item_sold) before the
        // accept reads it, as any accept of a closed trade does (invalid_state, 'cancelled': holding.test.ts). Issue
        // 36's address check before the accept's transaction made the second order common enough to be seen on CI.
        expect(accepted.status).toBe(409);
        expect([{ message: 'item_unavailable' }, { message: 'invalid_state', status: 'cancelled' }]).toContainEqual(accepted.body);
        expect(processed.body).toMatchObject({ status: 'COMPLETED' });
        expect(await itemState(target)).toMatchObject({ tradeId: null, purchaserId: buyer.user.id });
        expect(await tradeRow(t, deal.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'item_sold' });
      }
      const state = await itemState(target);
      expect(state.tradeId !== null && state.purchaserId !== null).toBe(false);
      const captured = await t.db.db.select({ id: purchases.id }).from(purchases).where(eq(purchases.itemId, target));
      expect(captured.length).toBeLessThanOrEqual(1);
    }
  });

  it('two trades sharing an offered item accepted at once: one winner, the other closed', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 5; round++) {
      const proposer = await trader(t);
      const shared = await listing(t, proposer);
      const a = await proposedTrade(t, { proposer, offeredIds: [shared.id] });
      const b = await proposedTrade(t, { proposer, offeredIds: [shared.id] });
      const answers = await Promise.all([a.seller.client.post(`/api/trade/${a.tradeId}/accept`), b.seller.client.post(`/api/trade/${b.tradeId}/accept`)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      const [winner, loser] = answers[0]!.status === 200 ? [a, b] : [b, a];
      expect(await holders(t, [shared.id, winner.itemId, loser.itemId])).toEqual({ [shared.id]: winner.tradeId, [winner.itemId]: winner.tradeId, [loser.itemId]: null });
      expect(await tradeRow(t, loser.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'item_traded' });
    }
  });

  it('the proposer withdrawing while the seller accepts, 10 rounds: one of the two, and the items held only if accepted', { timeout: 60_000 }, async () => {
    for (let round = 0; round < 10; round++) {
      const deal = await proposedTrade(t);
      const all = [deal.itemId, ...deal.offeredIds];
      const [accepted, cancelled] = await Promise.all([
        deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`),
        deal.proposer.client.post(`/api/trade/${deal.tradeId}/cancel`),
      ]);
      expect([accepted.status, cancelled.status].sort()).toEqual([200, 409]);
      const row = await tradeRow(t, deal.tradeId);
      if (accepted.status === 200) {
        // Accepted with no cash owed: settled at once, so it can no longer be withdrawn.
        expect(cancelled.body).toMatchObject({ message: 'invalid_state' });
        expect(row.status).toBe('accepted');
        expect(await holders(t, all)).toEqual(Object.fromEntries(all.map((id) => [id, deal.tradeId])));
      } else {
        expect(accepted.body).toMatchObject({ message: 'invalid_state', status: 'cancelled' });
        expect(row).toMatchObject({ status: 'cancelled', closedReason: 'cancelled' });
        expect(await holders(t, all)).toEqual(Object.fromEntries(all.map((id) => [id, null])));
      }
    }
  });
});
