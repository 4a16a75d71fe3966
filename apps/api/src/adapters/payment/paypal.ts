import { AsyncLocalStorage } from 'node:async_hooks';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  ResponseValidationError,
  ShipmentCarrier,
  type Order,
  type OrderRequest,
  type OrderTrackerRequest,
} from '@paypal/paypal-server-sdk';
import { PROVIDER_TIMEOUT_MS } from '../provider-http';
import { debugIdOf, PayPalTokens, paypalFetch, readJson } from './paypal-token';
import {
  amountToCents,
  centsToAmount,
  kindOfIssue,
  PaymentProviderError,
  type CaptureInput,
  type CaptureResult,
  type CaptureStatus,
  type CreatedOrder,
  type CreateOrderInput,
  type OrderCapture,
  type OrderInfo,
  type OrderStatus,
  type PaymentProvider,
  type ShippingAddress,
  type TrackingInput,
  type WebhookInput,
  type WebhookVerification,
} from './provider';

export interface PayPalOptions {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'live';
  /** Orders v2 host, no trailing slash: PayPal's for the environment, or a local server speaking the protocol. */
  apiUrl: string;
  /** The webhook's id in the PayPal app; unset, no event verifies. */
  webhookId?: string | undefined;
  /** Per HTTP call (the token's included). Default PROVIDER_TIMEOUT_MS. */
  timeoutMs?: number;
}

/** An axios request config, as far as the adapter reads it. */
interface AxiosishConfig {
  url?: string;
  method?: string;
  headers?: Record<string, unknown> & { toJSON?: () => Record<string, unknown> };
  data?: unknown;
}

const OWN_HEADERS = new Set(['authorization', 'content-length', 'host', 'connection', 'transfer-encoding']);

/**
 * Headers one SDK call adds to its request when the SDK's method has no parameter for them (createOrderTracking
 * takes no PayPal-Request-Id, although the API honours it): set around the call, read by the transport.
 */
const extraHeaders = new AsyncLocalStorage<Record<string, string>>();

/**
 * The SDK's transport, replacing axios's http adapter (the SDK's `unstable_httpClientOptions.adapter`): sends the
 * call to `apiUrl` instead of the SDK's fixed PayPal host, with our cached token (retried once with a fresh one on
 * 401: a revoked token is refused before anything is done), under a timeout covering the whole answer. Its
 * failures are PaymentProviderErrors, which the SDK passes through untouched.
 */
function transport(apiUrl: string, tokens: PayPalTokens, timeoutMs: number) {
  return async (config: AxiosishConfig) => {
    const target = new URL(config.url ?? '/');
    const url = `${apiUrl}${target.pathname}${target.search}`;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(config.headers?.toJSON?.() ?? config.headers ?? {})) {
      const lower = name.toLowerCase();
      // fetch sets the framing headers itself; the authorization is ours.
      if (value !== undefined && value !== null && !OWN_HEADERS.has(lower)) headers[lower] = String(value);
    }
    Object.assign(headers, extraHeaders.getStore());
    const send = async (token: string) => {
      const signal = AbortSignal.timeout(timeoutMs);
      const res = await paypalFetch(url, { method: (config.method ?? 'get').toUpperCase(), headers: { ...headers, authorization: `Bearer ${token}` }, body: config.data as string | undefined, signal });
      return { res, text: await readText(res) };
    };
    let token = await tokens.token();
    let answer = await send(token);
    if (answer.res.status === 401) {
      tokens.invalidate(token);
      token = await tokens.token();
      answer = await send(token);
    }
    const { res, text } = answer;
    return { data: text, status: res.status, statusText: res.statusText, headers: Object.fromEntries(res.headers), config, request: {} };
  };
}

async function readText(res: Response): Promise<string> {
  try {
    return await res.text();
  } catch (error) {
    const name = (error as Error).name;
    throw new PaymentProviderError('unavailable', name === 'TimeoutError' || name === 'AbortError' ? 'TIMEOUT' : 'NETWORK');
  }
}

/** Any failure of an SDK call, as a PaymentProviderError. */
function normalised(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof ResponseValidationError) {
    // PayPal answered 2xx with something we cannot read: the call may well have happened.
    return new PaymentProviderError('unavailable', 'UNREADABLE_ANSWER', error.headers['paypal-debug-id'], error.statusCode);
  }
  if (error instanceof ApiError) {
    const result = (error.result ?? parsedBody(error.body)) as { name?: unknown; details?: Array<{ issue?: unknown }> } | undefined;
    const detail = result?.details?.[0]?.issue;
    const issue = typeof detail === 'string' ? detail : typeof result?.name === 'string' ? result.name : `HTTP_${error.statusCode}`;
    return new PaymentProviderError(kindOfIssue(issue, error.statusCode), issue, debugIdOf(error, result as Record<string, unknown> | undefined), error.statusCode);
  }
  return new PaymentProviderError('other', (error as Error)?.name ?? 'UNKNOWN');
}

/** The SDK parses error bodies only for the statuses an endpoint declares; this reads the others. */
function parsedBody(body: unknown): unknown {
  if (typeof body !== 'string') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

async function call<T>(work: () => Promise<{ result: T }>): Promise<T> {
  try {
    return (await work()).result;
  } catch (error) {
    throw normalised(error);
  }
}

function captureOf(order: Order): OrderCapture | undefined {
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
  if (!capture?.id || !capture.status) return undefined;
  return { status: capture.status as CaptureStatus, id: capture.id, amount: capture.amount?.value ?? '', currency: capture.amount?.currencyCode ?? '' };
}

/** Where to ship, as the buyer chose it at PayPal (purchase_units[0].shipping), when the order carries an address. */
function shippingOf(order: Order): ShippingAddress | undefined {
  const shipping = order.purchaseUnits?.[0]?.shipping;
  const address = shipping?.address;
  if (!address?.countryCode) return undefined;
  return {
    name: shipping?.name?.fullName ?? '',
    line1: address.addressLine1 ?? '',
    line2: address.addressLine2 ?? '',
    city: address.adminArea2 ?? '',
    region: address.adminArea1 ?? '',
    postalCode: address.postalCode ?? '',
    country: address.countryCode,
  };
}

const CARRIERS: ReadonlySet<string> = new Set(Object.values(ShipmentCarrier));

/**
 * The track call's carrier fields: one of PayPal's carrier codes as it is, anything else as OTHER with its name
 * (the SDK refuses a value outside its enum before sending anything).
 */
function carrierFields(input: TrackingInput): Pick<OrderTrackerRequest, 'carrier' | 'carrierNameOther'> {
  const code = input.carrier.trim().toUpperCase();
  if (code !== 'OTHER' && CARRIERS.has(code)) return { carrier: code as ShipmentCarrier };
  const name = (code === 'OTHER' ? input.carrierNameOther : input.carrier)?.trim().slice(0, 64);
  return { carrier: ShipmentCarrier.Other, ...(name ? { carrierNameOther: name } : {}) };
}

const customIdOf = (order: Order) => order.purchaseUnits?.[0]?.payments?.captures?.[0]?.customId ?? order.purchaseUnits?.[0]?.customId ?? undefined;

/** PayPal Orders v2 through PayPal's server SDK. */
export function createPayPalProvider(options: PayPalOptions): PaymentProvider {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const tokens = new PayPalTokens({ apiUrl, clientId: options.clientId, clientSecret: options.clientSecret, timeoutMs });
  const client = new Client({
    environment: options.environment === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: timeoutMs,
    // The SDK insists on an OAuth token for every call; the transport replaces it with ours (see PayPalTokens).
    // Without an expiry, the SDK never tries to refresh this one itself.
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
      oAuthToken: { accessToken: 'set-by-transport', tokenType: 'Bearer' },
    },
    unstable_httpClientOptions: { adapter: transport(apiUrl, tokens, timeoutMs) },
    // `logging` stays unset: the SDK's logger prints every request at level error.
  });
  const orders = new OrdersController(client);

  return {
    name: 'paypal',

    async createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
      const itemCents = amountToCents(input.itemTotal);
      const shippingCents = amountToCents(input.shipping);
      if (itemCents === undefined || shippingCents === undefined) throw new PaymentProviderError('other', 'INVALID_AMOUNT');
      const money = (value: string) => ({ currencyCode: input.currency, value });
      const body: OrderRequest = {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            customId: input.purchaseId,
            description: input.itemName.slice(0, 127),
            payee: { emailAddress: input.payeeEmail },
            // PayPal refuses (AMOUNT_MISMATCH) a total that is not the breakdown's sum: computed from the same cents.
            amount: { ...money(centsToAmount(itemCents + shippingCents)), breakdown: { itemTotal: money(centsToAmount(itemCents)), shipping: money(centsToAmount(shippingCents)) } },
            // One line, so the buyer sees what they pay for on PayPal's page.
            items: [{ name: input.itemName.slice(0, 127), quantity: '1', unitAmount: money(centsToAmount(itemCents)), sku: input.itemId.slice(0, 127) }],
          },
        ],
        paymentSource: {
          paypal: {
            experienceContext: {
              returnUrl: input.returnUrl,
              cancelUrl: input.cancelUrl,
              userAction: PaypalExperienceUserAction.PayNow,
              // The buyer picks where to ship among the addresses of their PayPal account; the capture answers it.
              shippingPreference: PaypalWalletContextShippingPreference.GetFromFile,
            },
          },
        },
      };
      const order = await call(() => orders.createOrder({ body, paypalRequestId: input.requestId }));
      const approveUrl = order.links?.find((link) => link.rel === 'payer-action')?.href ?? order.links?.find((link) => link.rel === 'approve')?.href;
      if (!order.id || !approveUrl) throw new PaymentProviderError('unavailable', 'UNREADABLE_ANSWER');
      return { orderId: order.id, approveUrl };
    },

    async captureOrder(input: CaptureInput): Promise<CaptureResult> {
      const order = await call(() => orders.captureOrder({ id: input.orderId, paypalRequestId: input.requestId, prefer: 'return=representation' }));
      const capture = captureOf(order);
      // A 2xx capture answer without its capture: we cannot tell what happened, so the caller asks getOrder.
      if (!capture) throw new PaymentProviderError('unavailable', 'NO_CAPTURE_IN_ANSWER');
      const customId = customIdOf(order);
      const shipping = shippingOf(order);
      return {
        status: capture.status,
        orderStatus: (order.status ?? 'COMPLETED') as OrderStatus,
        captureId: capture.id,
        amount: capture.amount,
        currency: capture.currency,
        ...(customId ? { customId } : {}),
        ...(shipping ? { shipping } : {}),
      };
    },

    async getOrder(orderId: string): Promise<OrderInfo> {
      const order = await call(() => orders.getOrder({ id: orderId }));
      if (!order.status) throw new PaymentProviderError('unavailable', 'UNREADABLE_ANSWER');
      const capture = captureOf(order);
      const customId = customIdOf(order);
      const shipping = shippingOf(order);
      return { status: order.status as OrderStatus, ...(capture ? { capture } : {}), ...(customId ? { customId } : {}), ...(shipping ? { shipping } : {}) };
    },

    /**
     * Orders v2 POST /v2/checkout/orders/{id}/track (the SDK's OrdersController.createOrderTracking, 2.5.0), with
     * the capture id, number, carrier and notify_payer: the tracking PayPal weighs in a seller's favour when the
     * buyer disputes. Only a captured order (COMPLETED, PARTIALLY_REFUNDED or PENDING) takes tracking; a refused
     * number or capture is a 422 (INVALID_TRACKING_NUMBER, CAPTURE_ID_NOT_FOUND...), kind 'other'.
     * See https://developer.paypal.com/api/orders-v2/track-orders/use.
     */
    async addTracking(input: TrackingInput): Promise<void> {
      const trackingNumber = input.trackingNumber.trim();
      if (!trackingNumber) throw new PaymentProviderError('other', 'INVALID_TRACKING_NUMBER');
      const body: OrderTrackerRequest = { captureId: input.captureId, trackingNumber, ...carrierFields(input), notifyPayer: input.notifyPayer };
      await extraHeaders.run({ 'paypal-request-id': input.requestId }, () => call(() => orders.createOrderTracking({ id: input.orderId, body })));
    },

    async verifyWebhook(input: WebhookInput): Promise<WebhookVerification> {
      const header = (name: string) => {
        const value = input.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: options.webhookId,
      };
      if (Object.values(fields).some((value) => !value)) return { verified: false };
      const raw = typeof input.rawBody === 'string' ? input.rawBody : input.rawBody.toString('utf8');
      let event: unknown;
      try {
        event = JSON.parse(raw);
      } catch {
        return { verified: false };
      }
      const { id, event_type: eventType, resource } = (event ?? {}) as Record<string, unknown>;
      if (typeof id !== 'string' || typeof eventType !== 'string' || typeof resource !== 'object' || resource === null) return { verified: false };
      // The event goes in as received: PayPal checks the signature over its bytes, which re-serialising could change.
      const body = `{${Object.entries(fields).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`).join(',')},"webhook_event":${raw}}`;
      const send = async (token: string) =>
        paypalFetch(`${apiUrl}/v1/notifications/verify-webhook-signature`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      let token = await tokens.token();
      let res = await send(token);
      if (res.status === 401) {
        tokens.invalidate(token);
        token = await tokens.token();
        res = await send(token);
      }
      const answer = await readJson(res);
      // 5xx and 429: PayPal could not say; the webhook route answers an error and PayPal delivers the event again.
      if (res.status >= 500 || res.status === 429) throw new PaymentProviderError('unavailable', `VERIFY_HTTP_${res.status}`, debugIdOf(res, answer), res.status);
      if (!res.ok || answer?.verification_status !== 'SUCCESS') return { verified: false };
      return { verified: true, event: { id, event_type: eventType, resource: resource as Record<string, unknown> } };
    },
  };
}
