import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { SAMPLE_ADDRESS } from '../../test/orders';
import { readOutbox } from '../../test/outbox';
import { holders, proposedTrade, trader, tradeRow } from './test-world';

/** Issue 36, walkthrough item 2: a trade needs both addresses; the side that lacks one is the side told. */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

describe('a trade with a side that has no address', () => {
  it("accepting the seller's counter when the seller has none: the proposer is told it is the other side's, the seller is mailed, and nothing moves", async () => {
    const deal = await proposedTrade(t);
    // The seller countered, then their address was gone (an account from before addresses were asked for).
    expect((await deal.seller.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 10 })).status).toBe(200);
    await t.db.db.update(users).set({ mailingAddress: null }).where(eq(users.id, deal.seller.user.id));
    const accepted = await deal.proposer.client.post(`/api/trade/${deal.tradeId}/accept`);
    expect(accepted).toMatchObject({ status: 409, body: { message: 'other_no_address' } });
    expect((await tradeRow(t, deal.tradeId)).status).toBe('countered');
    expect(await holders(t, [deal.itemId])).toEqual({ [deal.itemId]: null });
    await t.jobs.drain();
    const asked = (await readOutbox(t.config.outboxDir)).filter((m) => m.to === deal.seller.user.email && m.subject.startsWith('Add your mailing address'));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toContain(deal.proposer.user.username);
    expect(asked[0]!.text).toContain('http://keeb.test/settings');
    // Asked again, the other side is not mailed twice.
    await deal.proposer.client.post(`/api/trade/${deal.tradeId}/accept`);
    await t.jobs.drain();
    expect((await readOutbox(t.config.outboxDir)).filter((m) => m.to === deal.seller.user.email && m.subject.startsWith('Add your mailing address'))).toHaveLength(1);
    // Once the seller saves one, the acceptance goes through.
    await deal.seller.client.put('/api/me/address', SAMPLE_ADDRESS);
    expect((await deal.proposer.client.post(`/api/trade/${deal.tradeId}/accept`)).body.status).toBe('accepted');
  });

  it('the side accepting without an address is told it is theirs (no_address), and the other side is not mailed', async () => {
    const seller = await trader(t, { mailingAddress: null });
    const deal = await proposedTrade(t, { seller });
    expect(await seller.client.post(`/api/trade/${deal.tradeId}/accept`)).toMatchObject({ status: 409, body: { message: 'no_address' } });
    await t.jobs.drain();
    expect((await readOutbox(t.config.outboxDir)).filter((m) => m.to === deal.proposer.user.email && m.subject.startsWith('Add your mailing address'))).toHaveLength(0);
  });

  it('a counter needs the address of the side sending it, as a proposal does', async () => {
    const seller = await trader(t, { mailingAddress: null });
    const deal = await proposedTrade(t, { seller });
    expect(await seller.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 10 })).toMatchObject({ status: 409, body: { message: 'no_address' } });
    expect((await tradeRow(t, deal.tradeId)).status).toBe('pending');
    await seller.client.put('/api/me/address', SAMPLE_ADDRESS);
    expect((await seller.client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 10 })).body.status).toBe('countered');
    // The other party and a visitor still get what they got before.
    expect((await (await trader(t)).client.post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 5 })).status).toBe(404);
    expect((await (await t.client()).post(`/api/trade/${deal.tradeId}/counter`, { cashToSeller: 5 })).status).toBe(401);
  });
});
