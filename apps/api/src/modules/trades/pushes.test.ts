import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { collect, useRealtime } from '../../test/realtime';
import { buy, listing, proposedTrade, trader } from './test-world';

/** Every trade transition pushes the new badge counts to both parties' open tabs once it is committed. */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });
const rt = useRealtime(t, { appUrl: 'http://keeb.test' });

describe('trade pushes', () => {
  it('a proposal reaches the seller\'s tab, a counter the proposer\'s, a decline the proposer\'s', async () => {
    const seller = await trader(t);
    const sellerCounts = collect(await rt.open(seller.client.cookie), 'counts');
    const deal = await proposedTrade(t, { seller });
    await expect.poll(() => sellerCounts.at(-1)?.numNewTrades).toBe(1);
    const proposerCounts = collect(await rt.open(deal.proposer.client.cookie), 'counts');
    await seller.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 15 });
    await expect.poll(() => proposerCounts.at(-1)?.numNewTrades).toBe(1);
    await expect.poll(() => sellerCounts.at(-1)?.numNewTrades).toBe(0);
    await deal.proposer.client.get('/api/me/trades?role=sent');
    await deal.proposer.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 10 });
    await expect.poll(() => sellerCounts.at(-1)?.numNewTrades).toBe(1);
    await seller.client.post(`/api/trade/${deal.tradeId}/decline`);
    await expect.poll(() => proposerCounts.at(-1)?.numNewTrades).toBe(1);
    await expect.poll(() => sellerCounts.at(-1)?.numNewTrades).toBe(0);
  });

  it('an accept closing a rival trade, and a sale closing a pending one, reach the closed trades\' proposers', async () => {
    const seller = await trader(t);
    const item = await listing(t, seller);
    const winner = await proposedTrade(t, { seller, itemId: item.id });
    const rival = await proposedTrade(t, { seller, itemId: item.id });
    const rivalCounts = collect(await rt.open(rival.proposer.client.cookie), 'counts');
    await seller.client.post(`/api/trade/${winner.tradeId}/accept`);
    await expect.poll(() => rivalCounts.at(-1)?.numNewTrades).toBe(1);

    const pending = await proposedTrade(t);
    const pendingCounts = collect(await rt.open(pending.proposer.client.cookie), 'counts');
    expect((await buy(t, await trader(t), pending.itemId)).body).toMatchObject({ status: 'COMPLETED' });
    await expect.poll(() => pendingCounts.at(-1)?.numNewTrades).toBe(1);
  });
});
