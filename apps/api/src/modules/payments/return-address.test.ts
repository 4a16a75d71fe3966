import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createItem, createUser } from '../../test/factories';

/**
 * Issue 25, item 6: without PUBLIC_URL the buyer came back from paying to http://localhost:PORT, a host where their
 * session cookie does not exist, and the purchase never completed. The return now follows the address they used.
 */
const t = useTestApp();

const hiddenToken = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

async function checkout(host: string) {
  const seller = await createUser(t.db.db, { emailConfirmedAt: new Date() });
  const item = await createItem(t.db.db, seller.id, { paymentEmail: 'payee@example.test' });
  // A saved address: the stand-in does not approve a shipped item's payment without one (issue 36).
  const buyerRow = await createUser(t.db.db, {
    emailConfirmedAt: new Date(),
    mailingAddress: { name: 'Bea Buyer', line1: '1 Main St', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
  });
  const buyer = await t.clientAs(buyerRow.id);
  const created = await buyer.post('/api/payment/item/create', { _id: item.id }).set('Host', host);
  const redirectUrl = created.body.redirectUrl as string;
  const page = await buyer.get(redirectUrl);
  const press = (action: string) =>
    supertest(t.app).post(redirectUrl).set('Cookie', buyer.cookie).type('form').send(new URLSearchParams({ _xsrf: hiddenToken(page.text), action }).toString());
  return { item, press };
}

describe('the payment return without PUBLIC_URL', () => {
  it('goes back to the address the buyer used, for Pay Now and for Cancel', async () => {
    const paying = await checkout('192.168.1.20:3000');
    const back = new URL((await paying.press('pay')).headers.location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`http://192.168.1.20:3000/detail/${paying.item.id}`);

    const cancelling = await checkout('keeb.lan:8080');
    expect((await cancelling.press('cancel')).headers.location).toBe(`http://keeb.lan:8080/detail/${cancelling.item.id}?payment=cancelled`);
  });
});
