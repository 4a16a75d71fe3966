import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';
import { readOutbox, type OutboxMail } from '../../test/outbox';
import { listing, proposedTrade, trader } from './test-world';

// Issue 36 (walkthrough item 5): every offer and trade mail links the tab and the row it is about, a URL the
// offers page honours (?tab=...&item=<id>); 'Pay now' opened Received, which said 'No Offers'.
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const mailTo = async (email: string, subject: RegExp): Promise<OutboxMail> => {
  const found = (await readOutbox(t.config.outboxDir)).filter((m) => m.to === email && subject.test(m.subject));
  expect(found, subject.source).toHaveLength(1);
  return found[0]!;
};
/** The mail's links, from its text part ('Label: url' lines). */
const links = (mail: OutboxMail) => [...mail.text.matchAll(/^([^:\n]+): (http\S+)$/gm)].map((m) => `${m[1]}: ${m[2]}`);

async function member() {
  const user = await createUser(t.db.db, { emailConfirmedAt: new Date() });
  return { user, client: await t.clientAs(user.id) };
}

describe('offer mails link the exact tab and offer', () => {
  it("new offer -> Received; accepted ('Pay now') -> Sent; counters to each side's tab", async () => {
    const seller = await member();
    const buyer = await member();
    const item = await createItem(t.db.db, seller.user.id, { name: 'GMK Olivia', offersAccepted: true, isFixedPrice: false });
    const made = await buyer.client.post('/api/offer', { itemId: item.id, offerPrice: '80', offerShippingPrice: 0 });
    expect(made.status).toBe(200);
    const id = made.body._id as string;
    expect(links(await mailTo(seller.user.email, /^New offer/))).toEqual([`Answer the offer: http://keeb.test/me/offers?tab=received&item=${id}`]);
    expect((await seller.client.post(`/api/offer/${id}/counter-seller`, { counterPrice: '90' })).status).toBe(200);
    expect(links(await mailTo(buyer.user.email, /countered your offer/))).toEqual([`See your offer: http://keeb.test/me/offers?tab=sent&item=${id}`]);
    expect((await buyer.client.post(`/api/offer/${id}/counter-buyer`, { counterPrice: '85' })).status).toBe(200);
    expect(links(await mailTo(seller.user.email, /^Counter-offer/))).toEqual([`Answer the offer: http://keeb.test/me/offers?tab=received&item=${id}`]);
    expect((await seller.client.post(`/api/offer/${id}/accept`, {})).status).toBe(200);
    expect(links(await mailTo(buyer.user.email, /was accepted/))).toEqual([`Pay now: http://keeb.test/me/offers?tab=sent&item=${id}`]);
  });
});

describe('trade mails link the Trades tab and the trade, and say what is offered', () => {
  it('proposal (with the offered listings), counter, acceptance', async () => {
    const seller = await trader(t);
    const proposer = await trader(t);
    const item = await listing(t, seller, { name: 'GMK Olivia' });
    const tofu = await listing(t, proposer, { name: 'Tofu65 aluminium' });
    const deal = await proposedTrade(t, { seller, proposer, itemId: item.id, offeredIds: [tofu.id], cash: { cashToSeller: 40 } });
    const url = `http://keeb.test/me/offers?tab=trades&item=${deal.tradeId}`;
    const proposal = await mailTo(seller.user.email, /^Trade offer on/);
    expect(proposal.text).toContain(`${proposer.user.username} proposes a trade for "GMK Olivia": they offer "Tofu65 aluminium" plus $40 to you.`);
    expect(links(proposal)).toEqual([`Answer the trade: ${url}`]);
    expect((await seller.client.post(`/api/trade/${deal.tradeId}/counter`, { offeredItemIds: [tofu.id], cashToSeller: 60 })).status).toBe(200);
    const counter = await mailTo(proposer.user.email, /^Counter-proposal/);
    expect(counter.text).toContain('"Tofu65 aluminium"');
    expect(links(counter)).toEqual([`Answer the trade: ${url}`]);
    expect((await proposer.client.post(`/api/trade/${deal.tradeId}/accept`)).status).toBe(200);
    expect(links(await mailTo(seller.user.email, /^Trade accepted/))).toEqual([`See the trade: ${url}`]);
  });

  it("'Trade declined' and 'Trade cancelled' link the trade too", async () => {
    const declined = await proposedTrade(t);
    expect((await declined.seller.client.post(`/api/trade/${declined.tradeId}/decline`)).status).toBe(200);
    expect(links(await mailTo(declined.proposer.user.email, /^Trade declined/))).toEqual([`See the trade: http://keeb.test/me/offers?tab=trades&item=${declined.tradeId}`]);
    const cancelled = await proposedTrade(t);
    expect((await cancelled.proposer.client.post(`/api/trade/${cancelled.tradeId}/cancel`)).status).toBe(200);
    expect(links(await mailTo(cancelled.seller.user.email, /^Trade cancelled/))).toEqual([`See the trade: http://keeb.test/me/offers?tab=trades&item=${cancelled.tradeId}`]);
  });
});
