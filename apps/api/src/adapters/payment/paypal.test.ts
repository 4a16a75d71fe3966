import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakePayPal, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID, type FakePayPal } from '../../test/fakes/paypal';
import { startFakeServer } from '../../test/fakes/server';
import { createPayPalProvider, type PayPalOptions } from './paypal';
import { PayPalTokens } from './paypal-token';
import { PaymentProviderError, type CreateOrderInput, type PaymentProvider } from './provider';

/** The real adapter, on PayPal's SDK, against a fake Orders v2 server over real HTTP. */
const fake = await startFakePayPal();
afterAll(() => fake.close());

const TIMEOUT_MS = 400;
const options = (extra: Partial<PayPalOptions> = {}): PayPalOptions => ({
  clientId: PAYPAL_CLIENT_ID,
  clientSecret: PAYPAL_CLIENT_SECRET,
  environment: 'sandbox',
  apiUrl: fake.url,
  webhookId: PAYPAL_WEBHOOK_ID,
  timeoutMs: TIMEOUT_MS,
  ...extra,
});

let paypal: PaymentProvider;
let counter = 0;
const order = (extra: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  purchaseId: `purchase-${++counter}`,
  payeeEmail: 'seller@example.com',
  itemName: 'GMK Olivia++ base kit',
  itemId: '5c0a2b7e-1111-4222-8333-944445555666',
  currency: 'USD',
  itemTotal: '120.00',
  shipping: '12.50',
  returnUrl: 'http://keeb.test/detail/5c0a2b7e-1111-4222-8333-944445555666',
  cancelUrl: 'http://keeb.test/detail/5c0a2b7e-1111-4222-8333-944445555666',
  requestId: `create-${counter}-${Math.random()}`,
  ...extra,
});

/** The PaymentProviderError a call rejects with. */
async function failure(work: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PaymentProviderError)) throw new Error(`expected a PaymentProviderError, got ${String(error)}`);
  return error;
}

beforeEach(() => {
  Object.assign(fake, { createIssue: undefined, captureIssue: undefined, captureStatus: 'COMPLETED', webhookVerification: 'SUCCESS', tokenLifetimeSeconds: 32_400, trackRefusal: undefined });
  fake.buyerShipping = {
    name: { full_name: 'Casey Buyer' },
    address: { address_line_1: '1 Main St', address_line_2: 'Apt 2', admin_area_2: 'San Jose', admin_area_1: 'CA', postal_code: '95131', country_code: 'US' },
  };
  fake.serverError.clear();
  fake.hang.clear();
  fake.requests.length = 0;
  paypal = createPayPalProvider(options());
});

describe('createOrder', () => {
  it('sends intent CAPTURE, the payee, the amount broken down, custom_id, the experience context and the request id', async () => {
    const input = order();
    const created = await paypal.createOrder(input);
    const [call] = fake.callsTo('create');
    expect(call?.headers['paypal-request-id']).toBe(input.requestId);
    expect(call?.headers.authorization).toMatch(/^Bearer A21AA/);
    const body = JSON.parse(call?.body ?? '{}');
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units).toHaveLength(1);
    const unit = body.purchase_units[0];
    expect(unit.payee).toEqual({ email_address: 'seller@example.com' });
    expect(unit.custom_id).toBe(input.purchaseId);
    expect(unit.amount).toEqual({
      currency_code: 'USD',
      value: '132.50',
      breakdown: { item_total: { currency_code: 'USD', value: '120.00' }, shipping: { currency_code: 'USD', value: '12.50' } },
    });
    expect(unit.items).toEqual([{ name: 'GMK Olivia++ base kit', quantity: '1', unit_amount: { currency_code: 'USD', value: '120.00' }, sku: input.itemId }]);
    // GET_FROM_FILE: the buyer picks where to ship among their PayPal addresses.
    expect(body.payment_source).toEqual({ paypal: { experience_context: { return_url: input.returnUrl, cancel_url: input.cancelUrl, user_action: 'PAY_NOW', shipping_preference: 'GET_FROM_FILE' } } });
    expect(body.application_context).toBeUndefined();
    expect(created).toEqual({ orderId: expect.stringMatching(/^[A-Z0-9]{17}$/), approveUrl: `${fake.url}/checkoutnow?token=${created.orderId}` });
  });

  it('answers the same order to a retry with the same request id', async () => {
    const input = order();
    const first = await paypal.createOrder(input);
    const again = await paypal.createOrder(input);
    expect(again.orderId).toBe(first.orderId);
    const other = await paypal.createOrder({ ...input, requestId: 'another' });
    expect(other.orderId).not.toBe(first.orderId);
  });

  it('normalises amounts written without cents', async () => {
    await paypal.createOrder(order({ itemTotal: '99', shipping: '0' }));
    const unit = JSON.parse(fake.callsTo('create')[0]?.body ?? '{}').purchase_units[0];
    expect(unit.amount.value).toBe('99.00');
    expect(unit.amount.breakdown.shipping.value).toBe('0.00');
  });

  it.each(['PAYEE_ACCOUNT_RESTRICTED', 'PAYEE_ACCOUNT_INVALID', 'PAYEE_ACCOUNT_LOCKED_OR_CLOSED'])('maps %s to a payee error with its debug id', async (issue) => {
    fake.createIssue = issue;
    const error = await failure(paypal.createOrder(order()));
    expect(error).toMatchObject({ kind: 'payee', issue, status: 422 });
    expect(error.debugId).toMatch(/^[0-9a-f]{14}$/);
  });

  it('maps a 500 to unavailable', async () => {
    fake.serverError.add('create');
    expect(await failure(paypal.createOrder(order()))).toMatchObject({ kind: 'unavailable', issue: 'INTERNAL_SERVER_ERROR', status: 500 });
  });

  it('gives up after its timeout with unavailable', async () => {
    fake.hang.add('create');
    const started = Date.now();
    expect(await failure(paypal.createOrder(order()))).toMatchObject({ kind: 'unavailable', issue: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 5);
  });

  it('maps an unreachable host to unavailable', async () => {
    const closed = await startFakeServer(() => {});
    await closed.close();
    const offline = createPayPalProvider(options({ apiUrl: closed.url }));
    expect(await failure(offline.createOrder(order()))).toMatchObject({ kind: 'unavailable', issue: 'NETWORK' });
  });
});

const SAN_JOSE = { name: 'Casey Buyer', line1: '1 Main St', line2: 'Apt 2', city: 'San Jose', region: 'CA', postalCode: '95131', country: 'US' };

describe('captureOrder and getOrder', () => {
  async function approvedOrder(input = order()) {
    const { orderId } = await paypal.createOrder(input);
    fake.approve(orderId);
    return { orderId, input };
  }

  it('refuses an order the buyer has not approved (not_approved), and getOrder says PAYER_ACTION_REQUIRED', async () => {
    const input = order();
    const { orderId } = await paypal.createOrder(input);
    expect(await failure(paypal.captureOrder({ orderId, requestId: 'c1' }))).toMatchObject({ kind: 'not_approved', issue: 'ORDER_NOT_APPROVED', status: 422 });
    expect(await paypal.getOrder(orderId)).toEqual({ status: 'PAYER_ACTION_REQUIRED', customId: input.purchaseId });
  });

  it('captures an approved order: COMPLETED, the capture id, amount, currency, our purchase id and where to ship', async () => {
    const { orderId, input } = await approvedOrder();
    expect(await paypal.getOrder(orderId)).toEqual({ status: 'APPROVED', customId: input.purchaseId, shipping: SAN_JOSE });
    const result = await paypal.captureOrder({ orderId, requestId: `capture:${input.purchaseId}` });
    expect(result).toEqual({
      status: 'COMPLETED',
      orderStatus: 'COMPLETED',
      captureId: expect.stringMatching(/^[A-Z0-9]{17}$/),
      amount: '132.50',
      currency: 'USD',
      customId: input.purchaseId,
      shipping: SAN_JOSE,
    });
    expect(fake.callsTo('capture')[0]?.headers['paypal-request-id']).toBe(`capture:${input.purchaseId}`);
    expect(await paypal.getOrder(orderId)).toEqual({
      status: 'COMPLETED',
      capture: { status: 'COMPLETED', id: result.captureId, amount: '132.50', currency: 'USD' },
      customId: input.purchaseId,
      shipping: SAN_JOSE,
    });
  });

  it('maps the address the buyer chose at PayPal (purchase_units[0].shipping), whatever its country, and none when there is none', async () => {
    fake.buyerShipping = { name: { full_name: 'Anna Müller' }, address: { address_line_1: 'Hauptstraße 5', admin_area_2: 'Berlin', postal_code: '10115', country_code: 'DE' } };
    const { orderId } = await approvedOrder();
    expect((await paypal.captureOrder({ orderId, requestId: 'c' })).shipping).toEqual({ name: 'Anna Müller', line1: 'Hauptstraße 5', line2: '', city: 'Berlin', region: '', postalCode: '10115', country: 'DE' });
    // An order PayPal answers without shipping (a digital-goods order): no address rather than an empty one.
    const bare = await paypal.createOrder(order());
    fake.orders.get(bare.orderId)!.request.payment_source = { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } };
    fake.approve(bare.orderId);
    expect((await paypal.captureOrder({ orderId: bare.orderId, requestId: 'c' })).shipping).toBeUndefined();
  });

  it('answers a retry with the same request id with the first capture; another id is already_captured', async () => {
    const { orderId } = await approvedOrder();
    const first = await paypal.captureOrder({ orderId, requestId: 'same' });
    const again = await paypal.captureOrder({ orderId, requestId: 'same' });
    expect(again).toEqual(first);
    expect(fake.callsTo('capture')).toHaveLength(2);
    expect(await failure(paypal.captureOrder({ orderId, requestId: 'different' }))).toMatchObject({ kind: 'already_captured', issue: 'ORDER_ALREADY_CAPTURED' });
  });

  it('maps INSTRUMENT_DECLINED to a payer error and captures nothing', async () => {
    const { orderId } = await approvedOrder();
    fake.captureIssue = 'INSTRUMENT_DECLINED';
    expect(await failure(paypal.captureOrder({ orderId, requestId: 'c' }))).toMatchObject({ kind: 'payer', issue: 'INSTRUMENT_DECLINED', status: 422 });
    expect((await paypal.getOrder(orderId)).status).toBe('APPROVED');
  });

  it.each(['PAYER_ACTION_REQUIRED', 'PAYER_CANNOT_PAY', 'TRANSACTION_REFUSED'])('maps %s to a payer error', async (issue) => {
    const { orderId } = await approvedOrder();
    fake.captureIssue = issue;
    expect(await failure(paypal.captureOrder({ orderId, requestId: 'c' }))).toMatchObject({ kind: 'payer', issue });
  });

  it.each(['PENDING', 'DECLINED'] as const)('reports a COMPLETED order whose capture is %s as that capture status', async (status) => {
    const { orderId } = await approvedOrder();
    fake.captureStatus = status;
    expect(await paypal.captureOrder({ orderId, requestId: 'c' })).toMatchObject({ status, orderStatus: 'COMPLETED', amount: '132.50' });
    expect(await paypal.getOrder(orderId)).toMatchObject({ status: 'COMPLETED', capture: { status } });
  });

  it('maps a 500 on capture to unavailable; the order is still there to capture', async () => {
    const { orderId } = await approvedOrder();
    fake.serverError.add('capture');
    expect(await failure(paypal.captureOrder({ orderId, requestId: 'c' }))).toMatchObject({ kind: 'unavailable', status: 500 });
    fake.serverError.clear();
    expect((await paypal.captureOrder({ orderId, requestId: 'c' })).status).toBe('COMPLETED');
  });

  it('times out a capture whose answer never comes (unavailable); getOrder then shows it captured, and the same request id answers it', async () => {
    const { orderId } = await approvedOrder();
    fake.hang.add('capture');
    expect(await failure(paypal.captureOrder({ orderId, requestId: 'lost' }))).toMatchObject({ kind: 'unavailable', issue: 'TIMEOUT' });
    fake.hang.clear();
    const seen = await paypal.getOrder(orderId);
    expect(seen).toMatchObject({ status: 'COMPLETED', capture: { status: 'COMPLETED', amount: '132.50' } });
    expect(await paypal.captureOrder({ orderId, requestId: 'lost' })).toMatchObject({ status: 'COMPLETED', captureId: seen.capture?.id });
  });

  it('maps an unknown order to other', async () => {
    expect(await failure(paypal.getOrder('NOSUCHORDER000000'))).toMatchObject({ kind: 'other', issue: 'INVALID_RESOURCE_ID', status: 404 });
    expect(await failure(paypal.captureOrder({ orderId: 'NOSUCHORDER000000', requestId: 'c' }))).toMatchObject({ kind: 'other', status: 404 });
  });

  it('maps a 500 and a hang on getOrder to unavailable', async () => {
    const { orderId } = await approvedOrder();
    fake.serverError.add('get');
    expect(await failure(paypal.getOrder(orderId))).toMatchObject({ kind: 'unavailable', status: 500 });
    fake.serverError.clear();
    fake.hang.add('get');
    expect(await failure(paypal.getOrder(orderId))).toMatchObject({ kind: 'unavailable', issue: 'TIMEOUT' });
  });
});

describe('addTracking (Orders v2 /track)', () => {
  async function captured() {
    const input = order();
    const { orderId } = await paypal.createOrder(input);
    fake.approve(orderId);
    const { captureId } = await paypal.captureOrder({ orderId, requestId: `capture:${input.purchaseId}` });
    return { orderId, captureId: captureId ?? '' };
  }
  const tracking = (orderId: string, captureId: string, extra: Record<string, unknown> = {}) => ({
    orderId,
    captureId,
    trackingNumber: '1Z999AA10123456784',
    carrier: 'UPS',
    notifyPayer: true,
    requestId: `track:${orderId}`,
    ...extra,
  });

  it('sends the capture id, number, carrier and notify_payer with the request id; PayPal lists the tracker on the order', async () => {
    const { orderId, captureId } = await captured();
    await paypal.addTracking(tracking(orderId, captureId));
    const [call] = fake.callsTo('track');
    expect(call?.path).toBe(`/v2/checkout/orders/${orderId}/track`);
    expect(call?.headers['paypal-request-id']).toBe(`track:${orderId}`);
    expect(call?.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(JSON.parse(call?.body ?? '{}')).toEqual({ capture_id: captureId, tracking_number: '1Z999AA10123456784', carrier: 'UPS', notify_payer: true });
    expect(fake.orders.get(orderId)?.trackers.map((t) => t.id)).toEqual([`${captureId}-1Z999AA10123456784`]);
    // A retried job (same request id) adds nothing more.
    await paypal.addTracking(tracking(orderId, captureId));
    expect(fake.orders.get(orderId)?.trackers).toHaveLength(1);
  });

  it('sends a carrier outside PayPal\'s list as OTHER with its name', async () => {
    const { orderId, captureId } = await captured();
    await paypal.addTracking(tracking(orderId, captureId, { carrier: 'Keeb Couriers', trackingNumber: 'KC123' }));
    await paypal.addTracking(tracking(orderId, captureId, { carrier: 'usps', trackingNumber: '9400111899223817591234', requestId: 'other' }));
    const bodies = fake.callsTo('track').map((c) => JSON.parse(c.body));
    expect(bodies[0]).toEqual({ capture_id: captureId, tracking_number: 'KC123', carrier: 'OTHER', carrier_name_other: 'Keeb Couriers', notify_payer: true });
    expect(bodies[1]).toMatchObject({ carrier: 'USPS' });
  });

  it('maps a refused number (422 INVALID_TRACKING_NUMBER) and an unknown capture to other, adding nothing', async () => {
    const { orderId, captureId } = await captured();
    fake.trackRefusal = { status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'INVALID_TRACKING_NUMBER' };
    expect(await failure(paypal.addTracking(tracking(orderId, captureId)))).toMatchObject({ kind: 'other', issue: 'INVALID_TRACKING_NUMBER', status: 422, debugId: expect.any(String) });
    fake.trackRefusal = undefined;
    expect(await failure(paypal.addTracking(tracking(orderId, 'NOSUCHCAPTURE0000')))).toMatchObject({ kind: 'other', issue: 'CAPTURE_ID_NOT_FOUND', status: 422 });
    expect(fake.orders.get(orderId)?.trackers).toEqual([]);
    // Nothing is sent for an empty number: PayPal's protection needs one.
    expect(await failure(paypal.addTracking(tracking(orderId, captureId, { trackingNumber: '  ' })))).toMatchObject({ kind: 'other', issue: 'INVALID_TRACKING_NUMBER' });
    expect(fake.callsTo('track')).toHaveLength(2);
  });

  it('maps an outage (500, a hang) to unavailable and a permission refusal (403) to other', async () => {
    const { orderId, captureId } = await captured();
    fake.serverError.add('track');
    expect(await failure(paypal.addTracking(tracking(orderId, captureId)))).toMatchObject({ kind: 'unavailable', status: 500 });
    fake.serverError.clear();
    fake.hang.add('track');
    expect(await failure(paypal.addTracking(tracking(orderId, captureId)))).toMatchObject({ kind: 'unavailable', issue: 'TIMEOUT' });
    fake.hang.clear();
    fake.trackRefusal = { status: 403, name: 'NOT_AUTHORIZED', issue: 'PERMISSION_DENIED' };
    expect(await failure(paypal.addTracking(tracking(orderId, captureId)))).toMatchObject({ kind: 'other', issue: 'PERMISSION_DENIED', status: 403 });
    expect(fake.orders.get(orderId)?.trackers).toEqual([]);
  });

  it('with a revoked token, fetches a new one and adds the tracking; with bad credentials, fails as other', async () => {
    const { orderId, captureId } = await captured();
    fake.revokeTokens();
    await paypal.addTracking(tracking(orderId, captureId));
    expect(fake.orders.get(orderId)?.trackers).toHaveLength(1);
    const wrong = createPayPalProvider(options({ clientSecret: 'wrong' }));
    expect(await failure(wrong.addTracking(tracking(orderId, captureId, { requestId: 'x' })))).toMatchObject({ kind: 'other' });
  });
});

describe('the access token', () => {
  it('is fetched once with Basic client credentials and reused, also by concurrent calls', async () => {
    const { orderId } = await paypal.createOrder(order());
    await Promise.all([paypal.getOrder(orderId), paypal.getOrder(orderId), paypal.getOrder(orderId), paypal.createOrder(order())]);
    const tokenCalls = fake.callsTo('token');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.headers.authorization).toBe(`Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64')}`);
    expect(tokenCalls[0]?.body).toBe('grant_type=client_credentials');
  });

  it('is refreshed shortly before it expires', async () => {
    let now = 1_000_000;
    const tokens = new PayPalTokens({ apiUrl: fake.url, clientId: PAYPAL_CLIENT_ID, clientSecret: PAYPAL_CLIENT_SECRET, timeoutMs: TIMEOUT_MS }, () => now);
    const first = await tokens.token();
    now += (32_400 - 301) * 1000;
    expect(await tokens.token()).toBe(first);
    now += 2000;
    expect(await tokens.token()).not.toBe(first);
    expect(fake.callsTo('token')).toHaveLength(2);
  });

  it('is fetched again, and the call retried once, when PayPal answers 401 to it', async () => {
    const { orderId } = await paypal.createOrder(order());
    fake.revokeTokens();
    expect((await paypal.getOrder(orderId)).status).toBe('PAYER_ACTION_REQUIRED');
    expect(fake.callsTo('token')).toHaveLength(2);
  });

  it('refused (bad client secret) is an other error naming invalid_client', async () => {
    const wrong = createPayPalProvider(options({ clientSecret: 'wrong' }));
    expect(await failure(wrong.createOrder(order()))).toMatchObject({ kind: 'other', issue: 'invalid_client', status: 401 });
  });

  it('failing once (500, then a timeout) fails those calls only: the next call fetches a token and works', async () => {
    fake.serverError.add('token');
    expect(await failure(paypal.createOrder(order()))).toMatchObject({ kind: 'unavailable', status: 500 });
    fake.serverError.clear();
    fake.hang.add('token');
    expect(await failure(paypal.createOrder(order()))).toMatchObject({ kind: 'unavailable', issue: 'TIMEOUT' });
    fake.hang.clear();
    expect((await paypal.createOrder(order())).orderId).toMatch(/^[A-Z0-9]{17}$/);
  });
});

describe('verifyWebhook', () => {
  const event = { id: 'WH-58D329510W468432D-8HN650336L201105X', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: '42311647XV020574X', status: 'COMPLETED', custom_id: 'purchase-1' } };
  // Spacing and key order as PayPal sent them: the bytes must reach the verification unchanged.
  const rawBody = `{ "id":"${event.id}", "event_type":"${event.event_type}",  "resource":{"id":"42311647XV020574X","status":"COMPLETED","custom_id":"purchase-1"} }`;
  const headers = {
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77',
    'paypal-transmission-id': '103e3700-8b0c-11e6-8695-6b62a8a99ac4',
    'paypal-transmission-sig': 'sig==',
    'paypal-transmission-time': '2026-10-05T14:01:37Z',
  };

  it('verifies through verify-webhook-signature, sending the headers, our webhook id and the raw event', async () => {
    expect(await paypal.verifyWebhook({ headers, rawBody: Buffer.from(rawBody) })).toEqual({ verified: true, event });
    const [call] = fake.callsTo('verify');
    expect(call?.headers.authorization).toMatch(/^Bearer /);
    expect(call?.body).toContain(`"webhook_event":${rawBody}`);
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      auth_algo: headers['paypal-auth-algo'],
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: PAYPAL_WEBHOOK_ID,
    });
  });

  it('answers not verified when PayPal says FAILURE', async () => {
    fake.webhookVerification = 'FAILURE';
    expect(await paypal.verifyWebhook({ headers, rawBody })).toEqual({ verified: false });
  });

  it('answers not verified, without asking PayPal, for a missing header, no webhook id or a body that is not an event', async () => {
    const { 'paypal-transmission-sig': _sig, ...unsigned } = headers;
    expect(await paypal.verifyWebhook({ headers: unsigned, rawBody })).toEqual({ verified: false });
    expect(await createPayPalProvider(options({ webhookId: undefined })).verifyWebhook({ headers, rawBody })).toEqual({ verified: false });
    expect(await paypal.verifyWebhook({ headers, rawBody: 'not json' })).toEqual({ verified: false });
    expect(await paypal.verifyWebhook({ headers, rawBody: '{"id":"x"}' })).toEqual({ verified: false });
    expect(fake.callsTo('verify')).toHaveLength(0);
  });

  it('throws unavailable when PayPal cannot answer, so the event is delivered again', async () => {
    fake.serverError.add('verify');
    expect(await failure(paypal.verifyWebhook({ headers, rawBody }))).toMatchObject({ kind: 'unavailable', status: 500 });
    fake.serverError.clear();
    fake.hang.add('verify');
    expect(await failure(paypal.verifyWebhook({ headers, rawBody }))).toMatchObject({ kind: 'unavailable', issue: 'TIMEOUT' });
  });
});
