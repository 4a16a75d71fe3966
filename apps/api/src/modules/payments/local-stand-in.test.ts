import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';

/** Unconfigured (no PAYPAL_CLIENT_ID), Purchase runs through the local stand-in exactly as it would through PayPal. */
const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

const hiddenToken = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('a purchase through the local stand-in', () => {
  it('Pay Now returns to the item page with token and PayerID, and processing it sells the item; Cancel returns marked as cancelled', async () => {
    const seller = await createUser(t.db.db, { emailConfirmedAt: new Date() });
    const item = await createItem(t.db.db, seller.id, { paymentEmail: 'payee@example.test' });
    const buyerRow = await createUser(t.db.db, { emailConfirmedAt: new Date() });
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
