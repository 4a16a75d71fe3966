import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestClient } from '../../test/app';
import { createUser } from '../../test/factories';
import { paymentProviderFromConfig, PaymentProviderError, type CreateOrderInput } from './index';
import type { LocalPaymentProvider } from './local';

/** The local stand-in's address form (where PayPal asks the buyer where to ship) and its tracking, through the real app. */
const t = useTestApp();

let counter = 0;
const order = (): CreateOrderInput => ({
  purchaseId: `purchase-${++counter}`,
  payeeEmail: 'seller.pay@example.com',
  itemName: 'Tofu65 kit',
  itemId: '5c0a2b7e-1111-4222-8333-944445555666',
  currency: 'USD',
  itemTotal: '150.00',
  shipping: '10.00',
  returnUrl: '/detail/5c0a2b7e-1111-4222-8333-944445555666',
  cancelUrl: '/detail/5c0a2b7e-1111-4222-8333-944445555666',
  requestId: `create-${counter}-${Math.random()}`,
});

const provider = () => paymentProviderFromConfig(t.config, t.db.db) as LocalPaymentProvider;
const hiddenToken = (html: string) => /name="_xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const inputValue = (html: string, name: string) => new RegExp(`name="${name}" type="text"[^>]* value="([^"]*)"`).exec(html)?.[1];
const selectedCountry = (html: string) => /<option value="([A-Z]{2})" selected>/.exec(html)?.[1];

function pressPay(client: TestClient, approveUrl: string, token: string, fields: Record<string, string> = {}) {
  return supertest(t.app).post(approveUrl).set('Cookie', client.cookie).type('form').send(new URLSearchParams({ _xsrf: token, action: 'pay', ...fields }).toString());
}

const SAVED = { name: 'Sam Saved', line1: '12 Keycap Lane', line2: '', city: 'Portland', region: 'OR', postalCode: '97201', country: 'US' };
const TYPED = { name: 'Tia Typed', line1: '5 Rue des Switches', line2: 'Bât. B', city: 'Lyon', region: '', postalCode: '69001', country: 'FR' };

async function buyerWithSavedAddress() {
  const user = await createUser(t.db.db, { mailingAddress: SAVED });
  return t.clientAs(user.id);
}

describe('the approval page asks where to ship', () => {
  it('shows labelled address fields and a country select, filled in from the signed-in buyer\'s saved address', async () => {
    const { approveUrl } = await provider().createOrder(order());
    const buyer = await buyerWithSavedAddress();
    const page = await buyer.get(approveUrl);
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html).toContain('<legend>Ship to</legend>');
    for (const [name, label] of [['name', 'Full name'], ['line1', 'Address line 1'], ['city', 'City'], ['postalCode', 'Postal code'], ['country', 'Country']]) {
      expect(html).toContain(`<label for="ship-${name}">${label}</label>`);
    }
    expect(inputValue(html, 'name')).toBe('Sam Saved');
    expect(inputValue(html, 'line1')).toBe('12 Keycap Lane');
    expect(inputValue(html, 'postalCode')).toBe('97201');
    expect(selectedCountry(html)).toBe('US');
    expect(html).toContain('<option value="DE">Germany</option>');
    // Still a page without script, under its own policy.
    expect(html).not.toMatch(/<script/i);
    expect(String(page.headers['content-security-policy'])).toMatch(/^default-src 'none'; style-src 'sha256-/);
  });

  it('starts empty for a visitor who is not signed in, or has saved no address', async () => {
    const { approveUrl } = await provider().createOrder(order());
    for (const client of [await t.client(), await t.clientAs((await createUser(t.db.db)).id)]) {
      const html = (await client.get(approveUrl)).text;
      expect(inputValue(html, 'name')).toBe('');
      expect(selectedCountry(html)).toBeUndefined();
    }
  });

  it('stores the address typed in with Pay Now; the capture and the order answer it', async () => {
    const payments = provider();
    const { orderId, approveUrl } = await payments.createOrder(order());
    const buyer = await buyerWithSavedAddress();
    const page = await buyer.get(approveUrl);
    const res = await pressPay(buyer, approveUrl, hiddenToken(page.text), { ...TYPED, country: 'fr', city: '  Lyon ' });
    expect(res.status).toBe(303);
    expect((await payments.getOrder(orderId)).shipping).toEqual(TYPED);
    expect((await payments.captureOrder({ orderId, requestId: 'c' })).shipping).toEqual(TYPED);
    expect((await payments.getOrder(orderId)).shipping).toEqual(TYPED);
    // The paid page shows where it goes.
    expect((await buyer.get(approveUrl)).text).toContain('<dt>Ship to</dt><dd>Tia Typed, 5 Rue des Switches, Bât. B, Lyon, 69001, FR</dd>');
  });

  it('uses the buyer\'s saved address when the form sends none, and no address when there is none to use', async () => {
    const payments = provider();
    const first = await payments.createOrder(order());
    const buyer = await buyerWithSavedAddress();
    const page = await buyer.get(first.approveUrl);
    expect((await pressPay(buyer, first.approveUrl, hiddenToken(page.text))).status).toBe(303);
    expect((await payments.captureOrder({ orderId: first.orderId, requestId: 'c' })).shipping).toEqual(SAVED);

    const second = await payments.createOrder(order());
    const anonymous = await t.client();
    const bare = await anonymous.get(second.approveUrl);
    expect((await pressPay(anonymous, second.approveUrl, hiddenToken(bare.text))).status).toBe(303);
    const captured = await payments.captureOrder({ orderId: second.orderId, requestId: 'c' });
    expect(captured.status).toBe('COMPLETED');
    expect(captured.shipping).toBeUndefined();
  });

  it.each([
    [{ ...TYPED, name: '' }, 'name', 'Enter the full name (up to 100 characters).'],
    [{ ...TYPED, country: 'XX' }, 'country', 'Choose a country.'],
    [{ ...TYPED, country: 'US', postalCode: '1234' }, 'postalCode', 'Enter a postal code in the format used in that country.'],
  ])('answers the page again with the error under the field and the values kept, approving nothing (%#)', async (fields, field, message) => {
    const payments = provider();
    const { orderId, approveUrl } = await payments.createOrder(order());
    const buyer = await t.client();
    const page = await buyer.get(approveUrl);
    const res = await pressPay(buyer, approveUrl, hiddenToken(page.text), fields);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain(`aria-describedby="${field}-error"`);
    expect(res.text).toContain(`<p class="error" id="${field}-error">${message}</p>`);
    expect(inputValue(res.text, 'line1')).toBe('5 Rue des Switches');
    expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'none'/);
    expect(await payments.getOrder(orderId)).toEqual({ status: 'PAYER_ACTION_REQUIRED', customId: expect.any(String) });
  });
});

describe('the stand-in records tracking like Orders v2 /track', () => {
  async function captured() {
    const payments = provider();
    const { orderId, approveUrl } = await payments.createOrder(order());
    const buyer = await t.client();
    const page = await buyer.get(approveUrl);
    await pressPay(buyer, approveUrl, hiddenToken(page.text), TYPED);
    const { captureId } = await payments.captureOrder({ orderId, requestId: 'c' });
    return { payments, orderId, captureId: captureId ?? '' };
  }
  const trackersOf = async (payments: LocalPaymentProvider, orderId: string) => (await payments.find(orderId))?.trackers;
  const input = (orderId: string, captureId: string, extra: Record<string, unknown> = {}) => ({ orderId, captureId, trackingNumber: '1Z999AA10123456784', carrier: 'UPS', notifyPayer: true, requestId: 'r', ...extra });

  it('appends the tracking to a captured order, once however often it is sent', async () => {
    const { payments, orderId, captureId } = await captured();
    await Promise.all(Array.from({ length: 5 }, () => payments.addTracking(input(orderId, captureId))));
    await payments.addTracking(input(orderId, captureId, { trackingNumber: 'KC123', carrier: 'OTHER', carrierNameOther: 'Keeb Couriers' }));
    expect(await trackersOf(payments, orderId)).toEqual([
      { trackingNumber: '1Z999AA10123456784', carrier: 'UPS' },
      { trackingNumber: 'KC123', carrier: 'Keeb Couriers' },
    ]);
  });

  it('refuses an empty number, an order not captured, another capture id and an unknown order, recording nothing', async () => {
    const { payments, orderId, captureId } = await captured();
    const refused = async (work: Promise<unknown>) => {
      const error = await work.then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      return error as PaymentProviderError;
    };
    expect(await refused(payments.addTracking(input(orderId, captureId, { trackingNumber: ' ' })))).toMatchObject({ kind: 'other', issue: 'INVALID_TRACKING_NUMBER' });
    expect(await refused(payments.addTracking(input(orderId, 'NOSUCHCAPTURE0000')))).toMatchObject({ kind: 'other', issue: 'CAPTURE_ID_NOT_FOUND' });
    const waiting = await payments.createOrder(order());
    expect(await refused(payments.addTracking(input(waiting.orderId, captureId)))).toMatchObject({ kind: 'other', issue: 'CAPTURE_ID_NOT_FOUND' });
    expect(await refused(payments.addTracking(input('NOSUCHORDER000000', captureId)))).toMatchObject({ kind: 'other', status: 404 });
    expect(await trackersOf(payments, orderId)).toEqual([]);
    expect(await trackersOf(payments, waiting.orderId)).toEqual([]);
  });
});
