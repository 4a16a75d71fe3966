import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items, offers } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { userTablesChecksum } from '../../test/checksum';
import { member } from '../../test/orders';
import { readOutbox } from '../../test/outbox';
import { approvedCheckout, eventsOf, holders, listing, proposedTrade, trader, tradeRow } from './test-world';

/**
 * Issue 36, probe finding 3: an admin rejecting a listing a trade holds. The trades that hold it or name it end
 * (item_rejected), the other side is told, the items are free again, and no payment to it can start afterwards.
 */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

async function acceptedTrade(options: Parameters<typeof proposedTrade>[1] = {}) {
  const deal = await proposedTrade(t, { offered: 2, ...options });
  expect((await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`)).status).toBe(200);
  return deal;
}
const admin = () => member(t, { isAdmin: true });
const approval = async (id: string) => (await t.db.db.select({ s: items.approvalStatus }).from(items).where(eq(items.id, id)))[0]?.s;

describe('POST /api/item/:id/reject of a listing in a trade', () => {
  it('cancels the accepted, unpaid trade that holds it, frees every item, tells both sides; /pay then answers 409', async () => {
    const deal = await acceptedTrade({ cash: { cashToSeller: 5 } });
    const moderator = await admin();
    expect(await moderator.client.post(`/api/item/${deal.itemId}/reject`)).toMatchObject({ status: 200, body: { approvalStatus: 'rejected' } });

    expect(await tradeRow(t, deal.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'item_rejected' });
    expect((await eventsOf(t, deal.tradeId)).at(-1)).toBe('closed');
    const all = [deal.itemId, ...deal.offeredIds];
    expect(await holders(t, all)).toEqual(Object.fromEntries(all.map((id) => [id, null])));
    const closed = (await readOutbox(t.config.outboxDir)).filter((m) => m.subject.startsWith('Trade closed'));
    expect(closed.map((m) => m.to).sort()).toEqual([deal.seller.user.email, deal.proposer.user.email].sort());
    expect(closed[0]?.text).toContain('taken down');

    expect(await deal.proposer.client.post(`/api/trade/${deal.tradeId}/pay`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
  });

  it('the same when the rejected listing is one the proposer offered', async () => {
    const deal = await acceptedTrade({ cash: { cashToSeller: 5 } });
    expect((await (await admin()).client.post(`/api/item/${deal.offeredIds[1]}/reject`)).status).toBe(200);
    expect(await tradeRow(t, deal.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'item_rejected' });
    expect((await deal.proposer.client.post(`/api/trade/${deal.tradeId}/pay`)).status).toBe(409);
  });

  it('closes the pending trades and the open offers naming it (item_rejected), their other sides told', async () => {
    const deal = await proposedTrade(t);
    const buyer = await trader(t);
    const offer = await buyer.client.post('/api/offer', { itemId: deal.itemId, offerPrice: '80', offerShippingPrice: 0 });
    expect(offer.status).toBe(200);
    expect((await (await admin()).client.post(`/api/item/${deal.itemId}/reject`)).status).toBe(200);
    expect(await tradeRow(t, deal.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'item_rejected' });
    expect((await t.db.db.select({ status: offers.status }).from(offers).where(eq(offers.id, offer.body._id)))[0]?.status).toBe('closed');
    const mails = await readOutbox(t.config.outboxDir);
    expect(mails.some((m) => m.to === deal.proposer.user.email && m.subject.startsWith('Trade closed'))).toBe(true);
    expect(mails.some((m) => m.to === buyer.user.email)).toBe(true);
  });

  it("while the trade's cash is being paid the rejection waits (409 payment_pending) and changes nothing", async () => {
    const deal = await acceptedTrade({ cash: { cashToSeller: 5 } });
    expect((await deal.proposer.client.post(`/api/trade/${deal.tradeId}/pay`)).status).toBe(200);
    const moderator = await admin();
    const before = await userTablesChecksum(t.db.db);
    expect(await moderator.client.post(`/api/item/${deal.itemId}/reject`)).toMatchObject({ status: 409, body: { message: 'payment_pending' } });
    expect(await userTablesChecksum(t.db.db)).toBe(before);
    expect(await approval(deal.itemId)).toBe('approved');
  });

  it("a buyer's checkout at the provider: the rejection waits for it too (409 payment_pending)", async () => {
    const seller = await trader(t);
    const item = await listing(t, seller);
    expect((await approvedCheckout(t, await trader(t), item.id)).created.status).toBe(200);
    expect(await (await admin()).client.post(`/api/item/${item.id}/reject`)).toMatchObject({ status: 409, body: { message: 'payment_pending' } });
    expect(await approval(item.id)).toBe('approved');
  });

  it('a settled trade (its orders open) is left to its orders', async () => {
    const deal = await acceptedTrade();
    expect((await tradeRow(t, deal.tradeId)).settledAt).not.toBeNull();
    expect((await (await admin()).client.post(`/api/item/${deal.itemId}/reject`)).status).toBe(200);
    expect((await tradeRow(t, deal.tradeId)).status).toBe('accepted');
  });

  it('only admins: a party 403, logged out 401, and the trade stays accepted', async () => {
    const deal = await acceptedTrade({ cash: { cashToSeller: 5 } });
    expect((await deal.proposer.client.post(`/api/item/${deal.itemId}/reject`)).status).toBe(403);
    expect((await (await t.client()).post(`/api/item/${deal.itemId}/reject`)).status).toBe(401);
    expect((await tradeRow(t, deal.tradeId)).status).toBe('accepted');
    expect(await approval(deal.itemId)).toBe('approved');
  });
});
