import { createHash } from 'node:crypto';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { useTestApp, type TestClient } from '../../test/app';
import { PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET } from '../../test/fakes/paypal';
import { paymentProviderFromConfig, PaymentProviderError, type CreateOrderInput, type PaymentProvider } from './index';
import { LocalPaymentProvider } from './local';

/** The local stand-in through the real app (approval page, form posts, XSRF) on the test database. */
const t = useTestApp();

const ITEM_ID = '5c0a2b7e-1111-4222-8333-944445555666';
let counter = 0;
const order = (extra: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  purchaseId: `purchase-${++counter}`,
  payeeEmail: 'seller.pay@example.com',
  itemName: 'GMK Olivia++ base kit',
  itemId: ITEM_ID,
  currency: 'USD',
  itemTotal: '120.00',
  shipping: '12.50',
  returnUrl: `http://keeb.test/detail/${ITEM_ID}`,
  cancelUrl: `http://keeb.test/detail/${ITEM_ID}`,
  requestId: `create-${counter}-${Math.random()}`,
  ...extra,
});

const provider = () => paymentProviderFromConfig(t.config, t.db.db);

async function failure(work: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PaymentProviderError)) throw new Error(`expected a PaymentProviderError, got ${String(error)}`);
  return error;
}

/** What a browser sends when the buyer presses a button of the page's form: urlencoded, cookies, no header. */
function pressButton(client: TestClient, approveUrl: string, fields: Record<string, string>) {
  return supertest(t.app).post(approveUrl).set('Cookie', client.cookie).type('form').send(new URLSearchParams(fields).toString());
}

const hiddenToken = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('the local stand-in', () => {
  it('is what the factory builds when PayPal is not configured, and PayPal when it is', () => {
    expect(provider()).toBeInstanceOf(LocalPaymentProvider);
    const config = loadConfig({ PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_API_URL: 'http://127.0.0.1:9' });
    expect(paymentProviderFromConfig(config, t.db.db).name).toBe('paypal');
  });

  it("says 'Free' for free shipping on the approval page, never '$0'", async () => {
    const created = await provider().createOrder(order({ shipping: '0.00' }));
    const html = (await (await t.client()).get(created.approveUrl)).text;
    expect(html).toContain('<dt>Shipping</dt><dd>Free</dd>');
    expect(html).toContain('<dt>Total</dt><dd>$120 USD</dd>');
  });

  it('creates an order whose approval page shows the payee, the item and the amount with Pay Now and Cancel', async () => {
    const created = await provider().createOrder(order());
    expect(created).toEqual({ orderId: expect.stringMatching(/^[A-Z0-9]{17}$/), approveUrl: `/api/payment/local/approve/${created.orderId}` });
    const buyer = await t.client();
    const page = await buyer.get(created.approveUrl);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const html = page.text;
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<dt>Pay to</dt><dd>seller.pay@example.com</dd>');
    expect(html).toContain('<dt>Item</dt><dd>GMK Olivia++ base kit</dd>');
    expect(html).toContain('<dt>Item price</dt><dd>$120</dd>');
    expect(html).toContain('<dt>Shipping</dt><dd>$12.50</dd>');
    expect(html).toContain('<dt>Total</dt><dd>$132.50 USD</dd>');
    expect(html).toMatch(/<button type="submit" name="action" value="pay" class="pay">Pay Now<\/button>/);
    expect(html).toMatch(/<button type="submit" name="action" value="cancel" class="cancel">Cancel<\/button>/);
    expect(html).toContain(`<form method="post" action="/api/payment/local/approve/${created.orderId}"`);
    expect(html).not.toMatch(/<script/i);
    // Its own policy: only its hashed style, forms to us and to the return/cancel origin.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; form-action 'self' http:\/\/keeb\.test; frame-ancestors 'none'/);
    const style = /<style>([\s\S]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    // The form carries the token the browser holds in its cookie.
    expect(hiddenToken(html)).toBe(buyer.xsrf);
  });

  it('escapes what it shows', async () => {
    const { approveUrl } = await provider().createOrder(order({ itemName: '<script>alert(1)</script> "keys" & caps' }));
    const html = (await (await t.client()).get(approveUrl)).text;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;keys&quot; &amp; caps');
    expect(html).not.toContain('<script>');
  });

  it('Pay Now approves the order and redirects to the return URL with token and PayerID', async () => {
    const payments = provider();
    const { orderId, approveUrl } = await payments.createOrder(order());
    const buyer = await t.client();
    const page = await buyer.get(approveUrl);
    const res = await pressButton(buyer, approveUrl, { _xsrf: hiddenToken(page.text), action: 'pay' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`http://keeb.test/detail/${ITEM_ID}`);
    expect([...location.searchParams.keys()]).toEqual(['token', 'PayerID']);
    expect(location.searchParams.get('token')).toBe(orderId);
    expect(location.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);
    expect(await payments.getOrder(orderId)).toEqual({ status: 'APPROVED', customId: `purchase-${counter}` });
    // Pressed again (back button): the same answer, the same payer.
    const again = await pressButton(buyer, approveUrl, { _xsrf: hiddenToken(page.text), action: 'pay' });
    expect(again.headers.location).toBe(res.headers.location);
  });

  it('keeps a query the return URL already has', async () => {
    const { orderId, approveUrl } = await provider().createOrder(order({ returnUrl: `/detail/${ITEM_ID}?from=offers` }));
    const buyer = await t.client();
    const page = await buyer.get(approveUrl);
    const res = await pressButton(buyer, approveUrl, { _xsrf: hiddenToken(page.text), action: 'pay' });
    expect(res.headers.location).toMatch(new RegExp(`^/detail/${ITEM_ID}\\?from=offers&token=${orderId}&PayerID=[A-Z0-9]{13}$`));
  });

  it('Cancel redirects to the cancel URL with nothing appended and leaves the order waiting', async () => {
    const payments = provider();
    const { orderId, approveUrl } = await payments.createOrder(order({ cancelUrl: `http://keeb.test/detail/${ITEM_ID}` }));
    const buyer = await t.client();
    const page = await buyer.get(approveUrl);
    const res = await pressButton(buyer, approveUrl, { _xsrf: hiddenToken(page.text), action: 'cancel' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`http://keeb.test/detail/${ITEM_ID}`);
    expect((await payments.getOrder(orderId)).status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('works for a signed-in buyer, whose token is bound to their session', async () => {
    const payments = provider();
    const { orderId, approveUrl } = await payments.createOrder(order());
    const buyer = await t.clientAs('00000000-0000-4000-8000-000000000001');
    const page = await buyer.get(approveUrl);
    expect(hiddenToken(page.text)).toBe(buyer.xsrf);
    expect((await pressButton(buyer, approveUrl, { _xsrf: hiddenToken(page.text), action: 'pay' })).status).toBe(303);
    expect((await payments.getOrder(orderId)).status).toBe('APPROVED');
  });

  it('refuses a form post without the token, with another session\'s token, or from another site (403), changing nothing', async () => {
    const payments = provider();
    const { orderId, approveUrl } = await payments.createOrder(order());
    const buyer = await t.client();
    const stranger = await t.clientAs('00000000-0000-4000-8000-000000000002');
    const attempts: Array<Record<string, string>> = [{ action: 'pay' }, { action: 'pay', _xsrf: stranger.xsrf }, { action: 'pay', _xsrf: `${buyer.xsrf}x` }];
    for (const fields of attempts) {
      const res = await pressButton(buyer, approveUrl, fields);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'invalid_xsrf_token' });
    }
    // A page elsewhere auto-submitting a form: the browser sends (lax: top-level POST sends no cookie, but even
    // with one) no token it could know.
    const crossSite = await supertest(t.app).post(approveUrl).type('form').send('action=pay');
    expect(crossSite.status).toBe(403);
    expect((await payments.getOrder(orderId)).status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('takes the form field only on the approval page: elsewhere a form post with it is still refused', async () => {
    const buyer = await t.clientAs('00000000-0000-4000-8000-000000000003');
    const res = await supertest(t.app).post('/api/logout').set('Cookie', buyer.cookie).type('form').send(`_xsrf=${encodeURIComponent(buyer.xsrf)}`);
    expect(res.status).toBe(403);
  });

  it('accepts the app\'s own header too, and validates the action', async () => {
    const { approveUrl } = await provider().createOrder(order());
    const buyer = await t.client();
    expect((await buyer.post(approveUrl, { action: 'refund' })).body).toEqual({ message: 'bad_request', field: 'action' });
    expect((await buyer.post(approveUrl, { action: 'cancel' })).status).toBe(303);
  });

  it('answers 404 not_found for an unknown or malformed order id', async () => {
    const buyer = await t.client();
    for (const id of ['NOSUCHORDER000000', 'lower-case-id', 'X'.repeat(300)]) {
      const page = await buyer.get(`/api/payment/local/approve/${id}`);
      expect(page.status).toBe(404);
      expect(page.body).toEqual({ message: 'not_found' });
      expect((await buyer.post(`/api/payment/local/approve/${id}`, { action: 'pay' })).status).toBe(404);
    }
  });
});

describe('the local stand-in behaves like Orders v2', () => {
  async function approved(payments: PaymentProvider = provider()) {
    const input = order();
    const { orderId, approveUrl } = await payments.createOrder(input);
    const buyer = await t.client();
    const page = await buyer.get(approveUrl);
    await pressButton(buyer, approveUrl, { _xsrf: hiddenToken(page.text), action: 'pay' });
    return { orderId, input };
  }

  it('answers the same order to a create retried with the same request id', async () => {
    const payments = provider();
    const input = order();
    const first = await payments.createOrder(input);
    expect(await payments.createOrder(input)).toEqual(first);
    expect((await payments.createOrder({ ...input, requestId: 'other' })).orderId).not.toBe(first.orderId);
  });

  it('refuses a payee that cannot be an account (payee) and an amount that is not one', async () => {
    expect(await failure(provider().createOrder(order({ payeeEmail: 'not an email' })))).toMatchObject({ kind: 'payee', issue: 'PAYEE_ACCOUNT_INVALID' });
    expect(await failure(provider().createOrder(order({ itemTotal: '12.345' })))).toMatchObject({ kind: 'other', issue: 'INVALID_AMOUNT' });
  });

  it('refuses to capture an order the buyer has not approved (not_approved)', async () => {
    const payments = provider();
    const { orderId } = await payments.createOrder(order());
    expect(await failure(payments.captureOrder({ orderId, requestId: 'c' }))).toMatchObject({ kind: 'not_approved', issue: 'ORDER_NOT_APPROVED' });
  });

  it('captures an approved order; the same request id answers the same capture, another is already_captured', async () => {
    const payments = provider();
    const { orderId, input } = await approved(payments);
    const result = await payments.captureOrder({ orderId, requestId: 'capture-1' });
    expect(result).toEqual({ status: 'COMPLETED', orderStatus: 'COMPLETED', captureId: expect.stringMatching(/^[A-Z0-9]{17}$/), amount: '132.50', currency: 'USD', customId: input.purchaseId });
    expect(await payments.captureOrder({ orderId, requestId: 'capture-1' })).toEqual(result);
    expect(await failure(payments.captureOrder({ orderId, requestId: 'capture-2' }))).toMatchObject({ kind: 'already_captured', issue: 'ORDER_ALREADY_CAPTURED' });
    expect(await payments.getOrder(orderId)).toEqual({ status: 'COMPLETED', capture: { status: 'COMPLETED', id: result.captureId, amount: '132.50', currency: 'USD' }, customId: input.purchaseId });
  });

  it('captures once under 20 concurrent captures with different request ids', async () => {
    const payments = provider();
    const { orderId } = await approved(payments);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => payments.captureOrder({ orderId, requestId: `race-${i}` })));
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const lost of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) expect(lost.reason).toMatchObject({ kind: 'already_captured' });
  });

  it('answers one capture to 20 concurrent retries with the same request id', async () => {
    const payments = provider();
    const { orderId } = await approved(payments);
    const results = await Promise.all(Array.from({ length: 20 }, () => payments.captureOrder({ orderId, requestId: 'same' })));
    expect(new Set(results.map((r) => r.captureId)).size).toBe(1);
  });

  it('keeps its orders in the database: another API process (or a restart) sees and captures them', async () => {
    const { orderId } = await approved(provider());
    const otherProcess = new LocalPaymentProvider(t.db.db);
    expect((await otherProcess.getOrder(orderId)).status).toBe('APPROVED');
    expect((await otherProcess.captureOrder({ orderId, requestId: 'c' })).status).toBe('COMPLETED');
  });

  it('shows a captured order as complete, with a way back instead of Pay Now', async () => {
    const payments = provider();
    const { orderId } = await approved(payments);
    await payments.captureOrder({ orderId, requestId: 'c' });
    const html = (await (await t.client()).get(`/api/payment/local/approve/${orderId}`)).text;
    expect(html).toContain('<h1>This payment is complete</h1>');
    expect(html).not.toContain('Pay Now');
  });

  it('answers other (404) for an unknown order, and verifies no webhook', async () => {
    expect(await failure(provider().getOrder('NOSUCHORDER000000'))).toMatchObject({ kind: 'other', status: 404 });
    expect(await failure(provider().captureOrder({ orderId: 'NOSUCHORDER000000', requestId: 'c' }))).toMatchObject({ kind: 'other', status: 404 });
    expect(await provider().verifyWebhook({ headers: {}, rawBody: '{}' })).toEqual({ verified: false });
  });
});
