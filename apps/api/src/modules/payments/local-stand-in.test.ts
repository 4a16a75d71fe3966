import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';

/** Unconfigured (no PAYPAL_CLIENT_ID), Purchase runs through the local stand-in exactly as it would through PayPal. */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const SAVED = { name: 'Sam Saved', line1: '3 Saved Way', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
const hiddenToken = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('a purchase through the local stand-in', () => {
  it('Pay Now returns to the item page with token and PayerID, and processing it sells the item; Cancel returns marked as cancelled', async () => {
    const seller = await createUser(t.db.db, { emailConfirmedAt: new Date() });
    const item = await createItem(t.db.db, seller.id, { paymentEmail: 'payee@example.test' });
    // A saved address: the stand-in, like PayPal, does not approve a shipped item's payment without one (issue 36).
    const buyerRow = await createUser(t.db.db, { emailConfirmedAt: new Date(), mailingAddress: SAVED });
    const buyer = await t.clientAs(buyerRow.id);

    const { redirectUrl } = (await buyer.post('/api/payment/item/create', { _id: item.id })).body as { redirectUrl: string };
    expect(redirectUrl).toMatch(/^\/api\/payment\/local\/approve\//);
    const page = await buyer.get(redirectUrl);
    expect(page.text).toContain('payee@example.test');
    expect(page.text).toContain(item.name);
    expect(page.text).toContain('$110 USD');
    const press = (action: string) =>
      supertest(t.app).post(redirectUrl).set('Cookie', buyer.cookie).type('form').send(new URLSearchParams({ _xsrf: hiddenToken(page.text), action }).toString());
    const paid = await press('pay');
    const back = new URL(paid.headers.location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`http://keeb.test/detail/${item.id}`);
    const orderId = back.searchParams.get('token')!;
    expect(back.searchParams.get('PayerID')).toBeTruthy();

    expect((await buyer.post('/api/payment/item/process', { orderId })).body).toEqual({ status: 'COMPLETED', itemId: item.id, priceSold: 100 });
    expect((await t.db.db.select().from(items).where(eq(items.id, item.id)))[0]).toMatchObject({ purchaserId: buyerRow.id, priceSoldCents: 10_000 });

    const other = await createItem(t.db.db, seller.id);
    const second = (await buyer.post('/api/payment/item/create', { _id: other.id })).body.redirectUrl as string;
    const secondPage = await buyer.get(second);
    const cancelled = await supertest(t.app).post(second).set('Cookie', buyer.cookie).type('form').send(new URLSearchParams({ _xsrf: hiddenToken(secondPage.text), action: 'cancel' }).toString());
    expect(cancelled.headers.location).toBe(`http://keeb.test/detail/${other.id}?payment=cancelled`);
    // Back without approval: processing refuses, the buyer may try again later.
    expect((await buyer.post('/api/payment/item/process', { orderId: new URL(`http://x${second}`).pathname.split('/').pop() })).body).toMatchObject({ message: 'not_approved' });
  });
});

/** Issue 36: the stand-in, like PayPal, asks where to ship; only the buyer sees their address there. */
describe('the stand-in and the address to ship to', () => {
  const press = (url: string, cookie: string, token: string, fields: Record<string, string> = {}) =>
    supertest(t.app).post(url).set('Cookie', cookie).type('form').send(new URLSearchParams({ _xsrf: token, action: 'pay', ...fields }).toString());
  const HOME = { name: 'Bea Buyer', line1: '1 Main St', line2: 'Apt 2', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };

  it("refuses Pay Now for a shipped item with no address given and none saved; the order stays unapproved", async () => {
    const seller = await createUser(t.db.db, { emailConfirmedAt: new Date() });
    const item = await createItem(t.db.db, seller.id, { paymentEmail: 'payee@example.test' });
    const buyerRow = await createUser(t.db.db, { emailConfirmedAt: new Date(), mailingAddress: null });
    const buyer = await t.clientAs(buyerRow.id);
    const { redirectUrl } = (await buyer.post('/api/payment/item/create', { _id: item.id })).body as { redirectUrl: string };
    const page = await buyer.get(redirectUrl);
    const refused = await press(redirectUrl, buyer.cookie, hiddenToken(page.text));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('Enter the address to ship to.');
    const orderId = redirectUrl.split('/').pop()!;
    expect((await buyer.post('/api/payment/item/process', { orderId })).body).toMatchObject({ message: 'not_approved' });
    // With an address typed in, it goes through.
    const paid = await press(redirectUrl, buyer.cookie, hiddenToken(refused.text), HOME);
    expect(paid.status).toBe(303);
    expect((await buyer.post('/api/payment/item/process', { orderId })).body).toMatchObject({ status: 'COMPLETED' });
  });

  it('shows the address only to the buyer signed in: not to a visitor or another member, before or after the capture', async () => {
    const seller = await createUser(t.db.db, { emailConfirmedAt: new Date() });
    const item = await createItem(t.db.db, seller.id, { paymentEmail: 'payee@example.test' });
    const buyerRow = await createUser(t.db.db, { emailConfirmedAt: new Date(), mailingAddress: HOME });
    const buyer = await t.clientAs(buyerRow.id);
    const stranger = await t.clientAs((await createUser(t.db.db, { emailConfirmedAt: new Date(), mailingAddress: { ...HOME, name: 'Stan Stranger', line1: '9 Side Rd' } })).id);
    const visitor = await t.client();
    const { redirectUrl } = (await buyer.post('/api/payment/item/create', { _id: item.id })).body as { redirectUrl: string };
    const page = await buyer.get(redirectUrl);
    expect(page.text).toContain('Bea Buyer');
    for (const other of [visitor, stranger]) {
      const seen = await other.get(redirectUrl);
      expect(seen.status).toBe(200);
      expect(seen.text).toContain('payee@example.test');
      expect(seen.text).toContain(item.name);
      expect(seen.text).not.toContain('Bea Buyer');
      expect(seen.text).not.toContain('1 Main St');
      expect(seen.text).not.toContain('Stan Stranger');
    }
    // Someone else pressing Pay Now approves nothing.
    const strangerPage = await stranger.get(redirectUrl);
    expect((await press(redirectUrl, stranger.cookie, hiddenToken(strangerPage.text))).status).toBe(403);
    const orderId = redirectUrl.split('/').pop()!;
    expect((await buyer.post('/api/payment/item/process', { orderId })).body).toMatchObject({ message: 'not_approved' });

    await press(redirectUrl, buyer.cookie, hiddenToken(page.text));
    expect((await buyer.post('/api/payment/item/process', { orderId })).body).toMatchObject({ status: 'COMPLETED' });
    const after = await visitor.get(redirectUrl);
    expect(after.text).toContain('This payment is complete');
    expect(after.text).not.toContain('Bea Buyer');
    expect(after.text).not.toContain('1 Main St');
    expect((await stranger.get(redirectUrl)).text).not.toContain('1 Main St');
    expect((await buyer.get(redirectUrl)).text).toContain('1 Main St');
  });
});
