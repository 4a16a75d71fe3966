import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TRADES_PAGE_SIZE } from '@keeb/shared';
import { items, tradeItems, trades, users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { userTablesChecksum } from '../../test/checksum';
import { readOutbox } from '../../test/outbox';
import { eventsOf, holders, listing, proposedTrade, trader, tradeRow } from './test-world';

const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const counts = async (client: { get: (u: string) => PromiseLike<{ body: { numNewTrades: number; numNewOffers: number } }> }) => (await client.get('/api/me/notifications')).body;

describe('POST /api/trade', () => {
  it('proposes: answers the trade with its _id, the items, the cash and whose turn it is; the seller is mailed', async () => {
    const seller = await trader(t);
    const proposer = await trader(t);
    const item = await listing(t, seller, { name: 'GMK Olivia', priceCents: 24_000 });
    const tofu = await listing(t, proposer, { name: 'Tofu65', priceCents: 15_000 });
    const res = await proposer.client.post('/api/trade', { itemId: item.id, offeredItemIds: [tofu.id], cashToSeller: '40', message: 'Tofu65 + $40?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'pending',
      item: { _id: item.id, name: 'GMK Olivia', price: 240 },
      offeredItems: [{ _id: tofu.id, name: 'Tofu65', price: 150 }],
      cashToSeller: 40,
      cashToBuyer: 0,
      message: 'Tofu65 + $40?',
      proposer: { _id: proposer.user.id, username: proposer.user.username },
      seller: { _id: seller.user.id, username: seller.user.username },
      awaiting: 'seller',
      payer: 'proposer',
      acceptedAt: null,
      payBy: null,
      orders: null,
      closedReason: null,
    });
    expect(res.body._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await eventsOf(t, res.body._id)).toEqual(['proposed']);
    // Nothing is held while pending.
    expect(await holders(t, [item.id, tofu.id])).toEqual({ [item.id]: null, [tofu.id]: null });
    const mail = (await readOutbox(t.config.outboxDir)).find((m) => m.to === seller.user.email);
    expect(mail?.subject).toBe('Trade offer on GMK Olivia');
    expect(mail?.text).toContain(`${proposer.user.username} proposes a trade for "GMK Olivia": they offer "Tofu65" plus $40 to you.`);
  });

  it('refuses bad input with its code and changes nothing', async () => {
    const seller = await trader(t);
    const proposer = await trader(t);
    const item = await listing(t, seller);
    const mine = await listing(t, proposer);
    const stranger = await trader(t);
    const theirs = await listing(t, stranger);
    const closed = await listing(t, seller, { openToTrades: false });
    const sold = await listing(t, proposer, { purchaserId: stranger.user.id, soldAt: new Date(), priceSoldCents: 1 });
    const pendingApproval = await listing(t, proposer, { approvalStatus: 'pending' });
    const removed = await listing(t, proposer, { removedAt: new Date() });
    const many = await Promise.all([1, 2, 3, 4, 5].map(() => listing(t, proposer)));
    const before = await userTablesChecksum(t.db.db);
    const cases: Array<[object, number, string]> = [
      [{ itemId: item.id, offeredItemIds: [] }, 400, 'offered_items'],
      [{ itemId: item.id, offeredItemIds: many.map((i) => i.id) }, 400, 'offered_items'],
      [{ itemId: item.id, offeredItemIds: [mine.id, mine.id] }, 400, 'offered_items'],
      [{ itemId: item.id, offeredItemIds: ['nope'] }, 400, 'offered_items'],
      [{ itemId: item.id, offeredItemIds: [theirs.id] }, 400, 'offered_items'],
      [{ itemId: item.id, offeredItemIds: [sold.id] }, 400, 'offered_items'],
      [{ itemId: item.id, offeredItemIds: [pendingApproval.id] }, 400, 'offered_items'],
      [{ itemId: item.id, offeredItemIds: [removed.id] }, 400, 'offered_items'],
      [{ itemId: item.id, offeredItemIds: [mine.id], cashToSeller: '10', cashToBuyer: '5' }, 400, 'cash'],
      [{ itemId: item.id, offeredItemIds: [mine.id], cashToSeller: '-1' }, 400, 'cash'],
      [{ itemId: item.id, offeredItemIds: [mine.id], cashToSeller: '1.234' }, 400, 'cash'],
      [{ itemId: item.id, offeredItemIds: [mine.id], cashToSeller: '1000001' }, 400, 'cash'],
      [{ itemId: item.id, offeredItemIds: [mine.id], message: 'x'.repeat(1001) }, 400, 'trade_message'],
      [{ itemId: 'not-a-uuid', offeredItemIds: [mine.id] }, 400, 'not_found'],
      [{ itemId: '00000000-0000-4000-8000-000000000000', offeredItemIds: [mine.id] }, 404, 'not_found'],
      [{ itemId: closed.id, offeredItemIds: [mine.id] }, 409, 'not_open_to_trades'],
      [{ itemId: mine.id, offeredItemIds: [mine.id] }, 403, 'own_item'],
    ];
    for (const [body, status, message] of cases) {
      const res = await proposer.client.post('/api/trade', body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status, message });
    }
    expect(await userTablesChecksum(t.db.db)).toBe(before);
  });

  it('needs a confirmed email, a saved address, and one open trade per proposer and item', async () => {
    const seller = await trader(t);
    const item = await listing(t, seller);
    const unconfirmed = await trader(t, { emailConfirmedAt: null });
    expect(await unconfirmed.client.post('/api/trade', { itemId: item.id, offeredItemIds: [(await listing(t, unconfirmed)).id] })).toMatchObject({ status: 403, body: { message: 'confirm_email' } });
    const homeless = await trader(t, { mailingAddress: null });
    expect(await homeless.client.post('/api/trade', { itemId: item.id, offeredItemIds: [(await listing(t, homeless)).id] })).toMatchObject({ status: 409, body: { message: 'no_address' } });
    const deal = await proposedTrade(t, { seller, itemId: item.id });
    const again = await deal.proposer.client.post('/api/trade', { itemId: item.id, offeredItemIds: [(await listing(t, deal.proposer)).id] });
    expect(again).toMatchObject({ status: 409, body: { message: 'trade_exists' } });
    expect(await t.db.db.select().from(trades).where(eq(trades.itemId, item.id))).toHaveLength(1);
    const loggedOut = await (await t.client()).post('/api/trade', { itemId: item.id, offeredItemIds: deal.offeredIds });
    expect(loggedOut).toMatchObject({ status: 401, body: { message: 'must login' } });
  });

  it('a sold, removed or unapproved listing is not_found; a listing held by another trade is item_unavailable', async () => {
    const seller = await trader(t);
    const proposer = await trader(t);
    const mine = await listing(t, proposer);
    for (const overrides of [{ removedAt: new Date() }, { approvalStatus: 'pending' as const }, { purchaserId: proposer.user.id, soldAt: new Date(), priceSoldCents: 1 }]) {
      const item = await listing(t, seller, overrides);
      expect(await proposer.client.post('/api/trade', { itemId: item.id, offeredItemIds: [mine.id] })).toMatchObject({ status: 404, body: { message: 'not_found' } });
    }
    const deal = await proposedTrade(t, { seller });
    expect((await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`)).status).toBe(200);
    expect(await proposer.client.post('/api/trade', { itemId: deal.itemId, offeredItemIds: [mine.id] })).toMatchObject({ status: 409, body: { message: 'item_unavailable' } });
  });
});

describe('mail preferences', () => {
  it('a user who turned offer mail off gets no trade mail (proposal, counter, accept), the other side still does', async () => {
    const seller = await trader(t);
    await t.db.db.update(users).set({ emailPreferences: sql`email_preferences || '{"offers": false}'::jsonb` }).where(eq(users.id, seller.user.id));
    const deal = await proposedTrade(t, { seller, cash: { cashToSeller: 5 } });
    await seller.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 10 });
    await deal.proposer.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 8 });
    await seller.client.post(`/api/trade/${deal.tradeId}/accept`);
    const outbox = await readOutbox(t.config.outboxDir);
    expect(outbox.filter((m) => m.to === seller.user.email)).toEqual([]);
    expect(outbox.filter((m) => m.to === deal.proposer.user.email).map((m) => m.subject.split(':')[0]).sort()).toEqual(['Counter-proposal on the trade for ' + (await tradeItemName(deal.itemId)), 'Trade accepted'].sort());
  });
});

const tradeItemName = async (id: string) => (await t.db.db.select({ name: items.name }).from(items).where(eq(items.id, id)))[0]!.name;

describe('GET /api/trade/:id and GET /api/me/trades', () => {
  it('a trade is its two parties\' only: anyone else and bad ids get 404, logged out 401', async () => {
    const deal = await proposedTrade(t);
    for (const party of [deal.seller, deal.proposer]) {
      expect(await party.client.get(`/api/trade/${deal.tradeId}`)).toMatchObject({ status: 200, body: { _id: deal.tradeId, status: 'pending' } });
    }
    const outsider = await trader(t);
    expect(await outsider.client.get(`/api/trade/${deal.tradeId}`)).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect(await deal.seller.client.get('/api/trade/nope')).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect(await deal.seller.client.get('/api/trade/00000000-0000-4000-8000-000000000000')).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect(await (await t.client()).get(`/api/trade/${deal.tradeId}`)).toMatchObject({ status: 401 });
  });

  it('lists received and sent trades newest activity first, in keyset pages, without the other users\' trades', async () => {
    const seller = await trader(t);
    const proposers = await Promise.all(Array.from({ length: TRADES_PAGE_SIZE + 3 }, () => trader(t)));
    const ids: string[] = [];
    for (const proposer of proposers) ids.push((await proposedTrade(t, { seller, proposer })).tradeId);
    await proposedTrade(t); // someone else's
    // The first trade moves to the top by a counter.
    expect((await seller.client.post(`/api/trade/${ids[0]}/counter`, { cashToBuyer: 5 })).status).toBe(200);
    const expected = [ids[0], ...ids.slice(1).reverse()];
    const first = await seller.client.get('/api/me/trades?role=received');
    expect(first.status).toBe(200);
    expect(first.body.map((x: { _id: string }) => x._id)).toEqual(expected.slice(0, TRADES_PAGE_SIZE));
    const last = first.body.at(-1) as { _id: string; updatedAt: string };
    const second = await seller.client.get(`/api/me/trades?role=received&cursor=${encodeURIComponent(`${last.updatedAt}_${last._id}`)}`);
    expect(second.body.map((x: { _id: string }) => x._id)).toEqual(expected.slice(TRADES_PAGE_SIZE));
    expect((await seller.client.get('/api/me/trades?role=sent')).body).toEqual([]);
    const sent = await proposers[0]!.client.get('/api/me/trades?role=sent');
    expect(sent.body).toHaveLength(1);
    expect(sent.body[0]).toMatchObject({ _id: ids[0], status: 'countered', awaiting: 'proposer', cashToBuyer: 5, payer: 'seller' });
    expect(await seller.client.get('/api/me/trades?role=bought')).toMatchObject({ status: 400, body: { message: 'invalid_role' } });
    expect(await seller.client.get('/api/me/trades?role=sent&cursor=junk')).toMatchObject({ status: 400, body: { message: 'invalid_cursor' } });
    expect(await (await t.client()).get('/api/me/trades?role=sent')).toMatchObject({ status: 401 });
  });

  it('the badge counts new proposals for the seller and answers for the proposer; opening either list resets it', async () => {
    const deal = await proposedTrade(t);
    expect(await counts(deal.seller.client)).toMatchObject({ numNewTrades: 1, numNewOffers: 1 });
    expect(await counts(deal.proposer.client)).toMatchObject({ numNewTrades: 0 });
    await deal.seller.client.get('/api/me/trades?role=sent');
    expect(await counts(deal.seller.client)).toMatchObject({ numNewTrades: 0 });
    await deal.seller.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 20 });
    expect(await counts(deal.proposer.client)).toMatchObject({ numNewTrades: 1 });
    await deal.proposer.client.get('/api/me/trades?role=received');
    expect(await counts(deal.proposer.client)).toMatchObject({ numNewTrades: 0 });
    await deal.proposer.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 10 });
    expect(await counts(deal.seller.client)).toMatchObject({ numNewTrades: 1 });
    await deal.seller.client.post(`/api/trade/${deal.tradeId}/decline`);
    expect(await counts(deal.proposer.client)).toMatchObject({ numNewTrades: 1 });
    expect(await counts(deal.seller.client)).toMatchObject({ numNewTrades: 0 });
  });
});

describe('transitions: only the side the trade awaits', () => {
  const outsiderCases = async (path: string, body: object = {}) => {
    const deal = await proposedTrade(t);
    const outsider = await trader(t);
    const before = await tradeRow(t, deal.tradeId);
    expect(await outsider.client.post(`/api/trade/${deal.tradeId}/${path}`, body)).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect(await (await t.client()).post(`/api/trade/${deal.tradeId}/${path}`, body)).toMatchObject({ status: 401, body: { message: 'must login' } });
    expect(await deal.seller.client.post(`/api/trade/nope/${path}`, body)).toMatchObject({ status: 404, body: { message: 'not_found' } });
    expect(await tradeRow(t, deal.tradeId)).toEqual(before);
    return deal;
  };

  it('accept: the seller of a pending trade; the proposer is forbidden; afterwards invalid_state', async () => {
    const deal = await outsiderCases('accept');
    expect(await deal.proposer.client.post(`/api/trade/${deal.tradeId}/accept`)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    const res = await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: deal.tradeId, status: 'accepted', awaiting: null, payer: null, payBy: null });
    expect(res.body.acceptedAt).not.toBeNull();
    // No cash owed: settled at once, in the accept's transaction.
    expect((await tradeRow(t, deal.tradeId)).settledAt).not.toBeNull();
    expect(await holders(t, [deal.itemId, ...deal.offeredIds])).toEqual(Object.fromEntries([deal.itemId, ...deal.offeredIds].map((id) => [id, deal.tradeId])));
    expect(await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`)).toMatchObject({ status: 409, body: { message: 'invalid_state', status: 'accepted' } });
    expect(await eventsOf(t, deal.tradeId)).toEqual(['proposed', 'accepted', 'settled']);
    const outbox = await readOutbox(t.config.outboxDir);
    expect(outbox.filter((m) => m.subject.startsWith('Trade accepted')).map((m) => m.to).sort()).toEqual([deal.seller.user.email, deal.proposer.user.email].sort());
  });

  it('accept with cash owed: the payer has 24 hours (payBy), is told to pay within 24 hours, the expiry is queued', async () => {
    const deal = await proposedTrade(t, { cash: { cashToSeller: '40' } });
    const res = await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`);
    expect(res.body).toMatchObject({ status: 'accepted', payer: 'proposer' });
    expect(new Date(res.body.payBy).getTime() - new Date(res.body.acceptedAt).getTime()).toBe(24 * 3_600_000);
    expect((await tradeRow(t, deal.tradeId)).settledAt).toBeNull();
    const mail = (await readOutbox(t.config.outboxDir)).find((m) => m.to === deal.proposer.user.email && m.subject.startsWith('Trade accepted'));
    expect(mail?.text).toContain('Please pay within 24 hours: $40');
    const jobs = (await t.db.db.execute(`select count(*)::int as n from pgboss.job where name = 'trade-expiry' and data->>'tradeId' = '${deal.tradeId}'`)) as unknown as { rows: Array<{ n: number }> };
    expect(jobs.rows[0]!.n).toBe(1);
  });

  it('the seller accepting needs a saved address', async () => {
    const seller = await trader(t, { mailingAddress: null });
    const deal = await proposedTrade(t, { seller });
    expect(await seller.client.post(`/api/trade/${deal.tradeId}/accept`)).toMatchObject({ status: 409, body: { message: 'no_address' } });
    expect((await tradeRow(t, deal.tradeId)).status).toBe('pending');
    expect(await holders(t, [deal.itemId])).toEqual({ [deal.itemId]: null });
    await t.db.db.update(users).set({ mailingAddress: { name: 'S', line1: '1 St', line2: '', city: 'C', region: 'IL', postalCode: '62701', country: 'US' } }).where(eq(users.id, seller.user.id));
    expect((await seller.client.post(`/api/trade/${deal.tradeId}/accept`)).status).toBe(200);
  });

  it('decline: the awaited side; the trade ends declined and the other side is mailed', async () => {
    const deal = await outsiderCases('decline');
    expect(await deal.proposer.client.post(`/api/trade/${deal.tradeId}/decline`)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect(await deal.seller.client.post(`/api/trade/${deal.tradeId}/decline`)).toMatchObject({ status: 200, body: { status: 'declined', closedReason: 'declined' } });
    expect(await deal.seller.client.post(`/api/trade/${deal.tradeId}/decline`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
    expect((await readOutbox(t.config.outboxDir)).some((m) => m.to === deal.proposer.user.email && m.subject.startsWith('Trade declined'))).toBe(true);
  });

  it('counter: flips pending <-> countered with new cash, listings and message; each side in turn', async () => {
    const deal = await outsiderCases('counter', { cashToBuyer: 10 });
    const more = await listing(t, deal.proposer);
    expect(await deal.proposer.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 5 })).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    const countered = await deal.seller.client.post(`/api/trade/${deal.tradeId}/counter`, { offeredItemIds: [deal.offeredIds[0], more.id], cashToSeller: '25.5', message: 'Both boards and $25.50' });
    expect(countered.body).toMatchObject({ status: 'countered', awaiting: 'proposer', cashToSeller: 25.5, cashToBuyer: 0, message: 'Both boards and $25.50', payer: 'proposer' });
    expect(countered.body.offeredItems.map((i: { _id: string }) => i._id)).toEqual([deal.offeredIds[0], more.id]);
    expect(await deal.seller.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 5 })).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    const back = await deal.proposer.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 10 });
    expect(back.body).toMatchObject({ status: 'pending', awaiting: 'seller', cashToSeller: 10, message: '' });
    expect(back.body.offeredItems).toHaveLength(2);
    expect(await eventsOf(t, deal.tradeId)).toEqual(['proposed', 'countered', 'countered']);
    // The proposer may accept the seller's counter.
    await deal.seller.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 12 });
    expect(await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    expect(await deal.proposer.client.post(`/api/trade/${deal.tradeId}/accept`)).toMatchObject({ status: 200, body: { status: 'accepted', cashToSeller: 12 } });
  });

  it('counter refuses bad listings and cash with their codes, changing nothing', async () => {
    const deal = await proposedTrade(t);
    const sellers = await listing(t, deal.seller);
    const before = await userTablesChecksum(t.db.db);
    for (const [body, message] of [
      [{ offeredItemIds: [sellers.id] }, 'offered_items'],
      [{ offeredItemIds: [deal.itemId] }, 'offered_items'],
      [{ offeredItemIds: [] }, 'offered_items'],
      [{ cashToSeller: 1, cashToBuyer: 1 }, 'cash'],
      [{ cashToSeller: 'abc' }, 'cash'],
      [{ message: 'y'.repeat(1001) }, 'trade_message'],
    ] as const) {
      expect(await deal.seller.client.post(`/api/trade/${deal.tradeId}/counter`, body)).toMatchObject({ status: 400, body: { message } });
    }
    expect(await userTablesChecksum(t.db.db)).toBe(before);
    expect(await t.db.db.select().from(tradeItems).where(eq(tradeItems.tradeId, deal.tradeId))).toHaveLength(1);
  });

  it('cancel: the proposer while pending or countered; the seller may not', async () => {
    const deal = await outsiderCases('cancel');
    expect(await deal.seller.client.post(`/api/trade/${deal.tradeId}/cancel`)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    await deal.seller.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 1 });
    expect(await deal.proposer.client.post(`/api/trade/${deal.tradeId}/cancel`)).toMatchObject({ status: 200, body: { status: 'cancelled', closedReason: 'cancelled' } });
    expect(await deal.proposer.client.post(`/api/trade/${deal.tradeId}/cancel`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
  });

  it('cancel while accepted and unpaid: either party, releasing the items; not while the cash is being paid; not once settled', async () => {
    const deal = await proposedTrade(t, { cash: { cashToBuyer: 30 } });
    await deal.seller.client.post(`/api/trade/${deal.tradeId}/accept`);
    const outsider = await trader(t);
    expect(await outsider.client.post(`/api/trade/${deal.tradeId}/cancel`)).toMatchObject({ status: 404 });
    // A payment of the trade's cash at the provider: its outcome decides, not a cancel.
    const { purchases } = await import('../../db/schema/index');
    const [p] = await t.db.db
      .insert(purchases)
      .values({ itemId: deal.itemId, tradeId: deal.tradeId, buyerId: deal.seller.user.id, sellerId: deal.proposer.user.id, itemCents: 3000, shippingCents: 0, regionCode: 'US', payeeEmail: 'p@example.test', provider: 'local', lockedUntil: new Date(Date.now() + 60_000) })
      .returning();
    expect(await deal.proposer.client.post(`/api/trade/${deal.tradeId}/cancel`)).toMatchObject({ status: 409, body: { message: 'payment_pending' } });
    await t.db.db.update(purchases).set({ status: 'abandoned' }).where(eq(purchases.id, p!.id));
    const res = await deal.seller.client.post(`/api/trade/${deal.tradeId}/cancel`);
    expect(res.body).toMatchObject({ status: 'cancelled', closedReason: 'cancelled' });
    expect(await holders(t, [deal.itemId, ...deal.offeredIds])).toEqual(Object.fromEntries([deal.itemId, ...deal.offeredIds].map((id) => [id, null])));
    const settled = await proposedTrade(t);
    await settled.seller.client.post(`/api/trade/${settled.tradeId}/accept`);
    expect(await settled.seller.client.post(`/api/trade/${settled.tradeId}/cancel`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
    expect(await holders(t, [settled.itemId])).toEqual({ [settled.itemId]: settled.tradeId });
  });

  it('extend (give more time): the payee of an accepted unpaid trade; the payer is forbidden; no cash: invalid_state', async () => {
    const deal = await outsiderCases('extend');
    expect(await deal.seller.client.post(`/api/trade/${deal.tradeId}/extend`)).toMatchObject({ status: 409, body: { message: 'invalid_state' } });
    const cash = await proposedTrade(t, { cash: { cashToSeller: 40 } });
    await cash.seller.client.post(`/api/trade/${cash.tradeId}/accept`);
    await t.db.db.update(trades).set({ acceptedAt: new Date(Date.now() - 20 * 3_600_000) }).where(eq(trades.id, cash.tradeId));
    expect(await cash.proposer.client.post(`/api/trade/${cash.tradeId}/extend`)).toMatchObject({ status: 403, body: { message: 'forbidden' } });
    const res = await cash.seller.client.post(`/api/trade/${cash.tradeId}/extend`);
    expect(res.status).toBe(200);
    expect(Date.now() - new Date(res.body.acceptedAt).getTime()).toBeLessThan(60_000);
    expect(await eventsOf(t, cash.tradeId)).toEqual(['proposed', 'accepted', 'extended']);
  });
});

describe('items stay as they were while pending', () => {
  it('a pending trade holds nothing: the item can still be bought, and the sale closes the trade (item_sold)', async () => {
    const deal = await proposedTrade(t);
    const buyer = await trader(t);
    const [row] = await t.db.db.select({ tradeId: items.tradeId }).from(items).where(eq(items.id, deal.itemId));
    expect(row?.tradeId).toBeNull();
    expect((await (await import('./test-world')).buy(t, buyer, deal.itemId)).body).toMatchObject({ status: 'COMPLETED' });
    expect(await tradeRow(t, deal.tradeId)).toMatchObject({ status: 'cancelled', closedReason: 'item_sold' });
    expect(await eventsOf(t, deal.tradeId)).toEqual(['proposed', 'closed']);
    const closed = (await readOutbox(t.config.outboxDir)).filter((m) => m.subject.startsWith('Trade closed'));
    expect(closed.map((m) => m.to).sort()).toEqual([deal.seller.user.email, deal.proposer.user.email].sort());
  });
});
