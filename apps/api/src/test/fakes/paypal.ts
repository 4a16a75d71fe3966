import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { basicCredentials, bearerToken, sendJson, startFakeServer, type FakeRequest, type FakeServer } from './server';

export const PAYPAL_CLIENT_ID = 'fake-paypal-client';
export const PAYPAL_CLIENT_SECRET = 'fake-paypal-secret';
export const PAYPAL_WEBHOOK_ID = 'WH-FAKE-0123456789';

export type PayPalEndpoint = 'token' | 'create' | 'capture' | 'get' | 'track' | 'verify';

/** purchase_units[0].shipping as PayPal answers it: the buyer's chosen address. */
export interface FakeShipping {
  name: { full_name: string };
  address: { address_line_1?: string; address_line_2?: string; admin_area_2?: string; admin_area_1?: string; postal_code?: string; country_code: string };
}

/** A tracker as PayPal lists it on the order (purchase_units[0].shipping.trackers). */
export interface FakeTracker {
  /** PayPal's tracker id: `<capture id>-<tracking number>`. */
  id: string;
  status: 'SHIPPED';
  /** The track call's body as received. */
  request: { capture_id?: string; tracking_number?: string; carrier?: string; carrier_name_other?: string; notify_payer?: boolean };
}

interface Money {
  currency_code: string;
  value: string;
}

export interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  /** The create call's body as received. */
  request: { intent?: string; purchase_units?: Array<Record<string, unknown> & { amount?: Money & { breakdown?: Record<string, Money> }; custom_id?: string }>; payment_source?: unknown };
  payerId?: string;
  capture?: { id: string; status: string; amount: Money };
  /** Set when the buyer approves (the address they picked at PayPal), unless the order asked for NO_SHIPPING. */
  shipping?: FakeShipping;
  trackers: FakeTracker[];
}

export interface FakePayPal extends FakeServer {
  env: Record<string, string>;
  orders: Map<string, FakeOrder>;
  /** What the buyer does on PayPal: approves the order. Answers the PayerID PayPal appends to the return URL. */
  approve(orderId: string): string;
  /** A create answers 422 with this issue (PAYEE_ACCOUNT_RESTRICTED, PAYEE_ACCOUNT_INVALID...). */
  createIssue: string | undefined;
  /** A capture answers 422 with this issue (INSTRUMENT_DECLINED...), capturing nothing. */
  captureIssue: string | undefined;
  /** The status a successful capture gets: the order is COMPLETED whatever it is, as PayPal does. */
  captureStatus: 'COMPLETED' | 'PENDING' | 'DECLINED';
  /** Calls to these answer 500 without doing anything. */
  serverError: Set<PayPalEndpoint>;
  /**
   * Calls to these never answer. A capture is still made first: the answer is what gets lost, so the outcome is
   * unknown to the caller until it asks for the order.
   */
  hang: Set<PayPalEndpoint>;
  /** Answers the captures held by `hang` now (their answers as made), as a slow PayPal finally would. */
  releaseHeldCaptures(): void;
  /** How many capture answers `hang` is holding: a capture request has arrived and been made. */
  heldCaptureCount(): number;
  /** The address the buyer picks at PayPal when approving (GET_FROM_FILE): the one a capture and a get answer. */
  buyerShipping: FakeShipping;
  /** A track call is refused with this (e.g. 422 INVALID_TRACKING_NUMBER, 403 PERMISSION_DENIED), adding nothing. */
  trackRefusal: { status: number; name: string; issue: string } | undefined;
  /** What verify-webhook-signature answers for a well-formed request naming our webhook id. */
  webhookVerification: 'SUCCESS' | 'FAILURE';
  /** expires_in of the tokens issued from now on. */
  tokenLifetimeSeconds: number;
  /** Every token issued so far answers 401 from now on, as a revoked token does. */
  revokeTokens(): void;
  /** The requests received for one endpoint, in order. */
  callsTo(endpoint: PayPalEndpoint): FakeRequest[];
}

const id17 = () => Array.from(randomBytes(17), (b) => 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'[b % 33]).join('');
const debugId = () => randomBytes(7).toString('hex');

function endpointOf(req: FakeRequest): PayPalEndpoint | undefined {
  if (req.method === 'POST' && req.path === '/v1/oauth2/token') return 'token';
  if (req.method === 'POST' && req.path === '/v2/checkout/orders') return 'create';
  if (req.method === 'POST' && /^\/v2\/checkout\/orders\/[^/]+\/capture$/.test(req.path)) return 'capture';
  if (req.method === 'GET' && /^\/v2\/checkout\/orders\/[^/]+$/.test(req.path)) return 'get';
  if (req.method === 'POST' && /^\/v2\/checkout\/orders\/[^/]+\/track$/.test(req.path)) return 'track';
  if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') return 'verify';
  return undefined;
}

/** PayPal's error shape: `{ name, message, debug_id, details: [{ issue, description }] }` with the Paypal-Debug-Id header. */
function paypalError(res: ServerResponse, status: number, name: string, issue?: string) {
  const id = debugId();
  res.setHeader('Paypal-Debug-Id', id);
  sendJson(res, status, { name, message: `${name} (fake)`, debug_id: id, ...(issue ? { details: [{ issue, description: `${issue} (fake)` }] } : {}) });
}

const trackerAnswer = (tracker: FakeTracker) => ({
  id: tracker.id,
  status: tracker.status,
  items: [],
  links: [],
  create_time: new Date().toISOString(),
  update_time: new Date().toISOString(),
});

const cents = (value: string | undefined) => Math.round(Number(value ?? 'NaN') * 100);

/**
 * PayPal's REST API as far as Orders v2 purchases use it: client-credentials tokens (Basic auth checked), create,
 * capture (PayPal-Request-Id honoured: a repeat answers the first capture), get (with the buyer's shipping address
 * once approved), track, and webhook signature verification; switches make it fail in each way PayPal can. Real
 * HTTP on a free port.
 */
export async function startFakePayPal(): Promise<FakePayPal> {
  const orders = new Map<string, FakeOrder>();
  const tokens = new Set<string>();
  const createdByRequestId = new Map<string, string>();
  const captureAnswers = new Map<string, unknown>();
  const trackAnswers = new Map<string, unknown>();
  let url = '';

  const representation = (order: FakeOrder) => {
    const unit = order.request.purchase_units?.[0] ?? {};
    return {
      id: order.id,
      intent: order.request.intent,
      status: order.status,
      payment_source: { paypal: order.payerId ? { account_id: order.payerId, email_address: 'buyer@example.com' } : {} },
      purchase_units: [
        {
          reference_id: 'default',
          ...unit,
          ...(order.shipping ? { shipping: { ...order.shipping, ...(order.trackers.length > 0 ? { trackers: order.trackers.map(trackerAnswer) } : {}) } } : {}),
          ...(order.capture
            ? {
                payments: {
                  captures: [{ id: order.capture.id, status: order.capture.status, amount: order.capture.amount, final_capture: true, custom_id: unit.custom_id, create_time: new Date().toISOString() }],
                },
              }
            : {}),
        },
      ],
      ...(order.payerId ? { payer: { payer_id: order.payerId, email_address: 'buyer@example.com' } } : {}),
      links: [
        { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED' ? [{ href: `${url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }] : []),
      ],
    };
  };

  const state = {
    createIssue: undefined as string | undefined,
    captureIssue: undefined as string | undefined,
    captureStatus: 'COMPLETED' as FakePayPal['captureStatus'],
    serverError: new Set<PayPalEndpoint>(),
    hang: new Set<PayPalEndpoint>(),
    webhookVerification: 'SUCCESS' as FakePayPal['webhookVerification'],
    buyerShipping: {
      name: { full_name: 'Casey Buyer' },
      address: { address_line_1: '1 Main St', address_line_2: 'Apt 2', admin_area_2: 'San Jose', admin_area_1: 'CA', postal_code: '95131', country_code: 'US' },
    } as FakeShipping,
    trackRefusal: undefined as FakePayPal['trackRefusal'],
    tokenLifetimeSeconds: 32_400,
  };
  const never = () => new Promise<void>(() => {});
  const heldCaptures: Array<() => void> = [];

  const server = await startFakeServer(async (req, res) => {
    const endpoint = endpointOf(req);
    if (!endpoint) return;
    if (state.serverError.has(endpoint)) return paypalError(res, 500, 'INTERNAL_SERVER_ERROR');
    if (state.hang.has(endpoint) && endpoint !== 'capture') return never();

    if (endpoint === 'token') {
      const [id, secret] = basicCredentials(req.headers) ?? [];
      if (id !== PAYPAL_CLIENT_ID || secret !== PAYPAL_CLIENT_SECRET) return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (req.form.get('grant_type') !== 'client_credentials') return sendJson(res, 400, { error: 'unsupported_grant_type' });
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return sendJson(res, 200, { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: state.tokenLifetimeSeconds, nonce: debugId() });
    }
    if (!tokens.has(bearerToken(req.headers) ?? '')) return sendJson(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });

    if (endpoint === 'create') {
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      const earlier = requestId ? orders.get(createdByRequestId.get(requestId) ?? '') : undefined;
      if (earlier) return sendJson(res, 200, representation(earlier));
      const body = JSON.parse(req.body) as FakeOrder['request'];
      const unit = body.purchase_units?.[0];
      const breakdown = unit?.amount?.breakdown ?? {};
      const sum = Object.values(breakdown).reduce((total, money) => total + cents(money.value), 0);
      if (body.intent !== 'CAPTURE' || !unit?.amount) return paypalError(res, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
      if (Object.keys(breakdown).length > 0 && sum !== cents(unit.amount.value)) return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'AMOUNT_MISMATCH');
      if (state.createIssue) return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', state.createIssue);
      const order: FakeOrder = { id: id17(), status: 'PAYER_ACTION_REQUIRED', request: body, trackers: [] };
      orders.set(order.id, order);
      if (requestId) createdByRequestId.set(requestId, order.id);
      return sendJson(res, 201, representation(order));
    }

    if (endpoint === 'verify') {
      const body = JSON.parse(req.body) as Record<string, unknown>;
      const required = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event'];
      if (required.some((name) => !body[name])) return paypalError(res, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
      const verified = body.webhook_id === PAYPAL_WEBHOOK_ID && state.webhookVerification === 'SUCCESS';
      return sendJson(res, 200, { verification_status: verified ? 'SUCCESS' : 'FAILURE' });
    }

    const orderId = decodeURIComponent(req.path.split('/')[4] ?? '');
    const order = orders.get(orderId);
    if (!order) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (endpoint === 'get') return sendJson(res, 200, representation(order));
    if (endpoint === 'track') return track(req, res, order);

    const requestId = String(req.headers['paypal-request-id'] ?? '');
    const replay = requestId ? captureAnswers.get(`${orderId}\n${requestId}`) : undefined;
    if (replay) return sendJson(res, 201, replay);
    if (order.status === 'COMPLETED') return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    if (state.captureIssue) return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', state.captureIssue);
    const amount = order.request.purchase_units?.[0]?.amount;
    order.capture = { id: id17(), status: state.captureStatus, amount: { currency_code: amount?.currency_code ?? 'USD', value: amount?.value ?? '0.00' } };
    order.status = 'COMPLETED';
    const answer = representation(order);
    if (requestId) captureAnswers.set(`${orderId}\n${requestId}`, answer);
    if (state.hang.has('capture')) return new Promise<void>((resolve) => heldCaptures.push(() => resolve(sendJson(res, 201, answer))));
    return sendJson(res, 201, answer);
  });
  url = server.url;

  /**
   * POST /v2/checkout/orders/{id}/track: body { capture_id, tracking_number, carrier, carrier_name_other?,
   * notify_payer }; answers 201 with the order, its trackers under purchase_units[0].shipping.trackers. Only a
   * captured order's own capture takes tracking (422 CAPTURE_ID_NOT_FOUND otherwise); PayPal-Request-Id replays.
   */
  function track(req: FakeRequest, res: ServerResponse, order: FakeOrder) {
    const requestId = String(req.headers['paypal-request-id'] ?? '');
    const replay = requestId ? trackAnswers.get(`${order.id}\n${requestId}`) : undefined;
    if (replay) return sendJson(res, 201, replay);
    const body = JSON.parse(req.body) as FakeTracker['request'];
    if (!body.capture_id) return paypalError(res, 400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
    if (body.carrier === 'OTHER' && !body.carrier_name_other) return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'CARRIER_NAME_OTHER_REQUIRED');
    if (state.trackRefusal) return paypalError(res, state.trackRefusal.status, state.trackRefusal.name, state.trackRefusal.issue);
    if (order.status !== 'COMPLETED' || order.capture?.id !== body.capture_id) return paypalError(res, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_ID_NOT_FOUND');
    const id = `${body.capture_id}-${body.tracking_number ?? ''}`;
    if (!order.trackers.some((t) => t.id === id)) order.trackers.push({ id, status: 'SHIPPED', request: body });
    const answer = representation(order);
    if (requestId) trackAnswers.set(`${order.id}\n${requestId}`, answer);
    return sendJson(res, 201, answer);
  }

  const fake: FakePayPal = Object.assign(state, {
    ...server,
    orders,
    env: { PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_API_URL: server.url, PAYPAL_WEBHOOK_ID },
    approve(orderId: string) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake PayPal: no order ${orderId}`);
      order.payerId ??= id17().slice(0, 13);
      if (order.status === 'PAYER_ACTION_REQUIRED') {
        order.status = 'APPROVED';
        const preference = (order.request.payment_source as { paypal?: { experience_context?: { shipping_preference?: string } } } | undefined)?.paypal?.experience_context?.shipping_preference;
        if (preference !== 'NO_SHIPPING') order.shipping = structuredClone(state.buyerShipping);
      }
      return order.payerId;
    },
    revokeTokens: () => tokens.clear(),
    releaseHeldCaptures() {
      for (const answer of heldCaptures.splice(0)) answer();
    },
    heldCaptureCount: () => heldCaptures.length,
    callsTo: (endpoint: PayPalEndpoint) => server.requests.filter((req) => endpointOf(req) === endpoint),
  });
  return fake;
}
