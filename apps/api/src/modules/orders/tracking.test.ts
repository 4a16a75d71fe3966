import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purchases } from '../../db/schema/index';
import { useTestApp } from '../../test/app';
import { orderRow, paidOrder } from '../../test/orders';
import { paypalCarrier, readTracking, trackingView } from './tracking';

describe('tracking numbers', () => {
  it('recognises the carrier from the number with ts-tracking-number, and links its tracking page', () => {
    expect(readTracking({ trackingNumber: ' 1z999aa1-0123-4567-84 ' })).toEqual({ number: '1Z999AA10123456784', carrier: 'ups' });
    expect(readTracking({ trackingNumber: '9205590164917312751089' })).toEqual({ number: '9205590164917312751089', carrier: 'usps' });
    expect(trackingView({ number: '9205590164917312751089', carrier: 'usps' }).url).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9205590164917312751089');
    // A carrier the seller names wins, in the common spellings; unknown names are kept as typed, without a link.
    expect(readTracking({ trackingNumber: '123456789012', carrier: 'FedEx' })).toEqual({ number: '123456789012', carrier: 'fedex' });
    expect(trackingView({ number: '123456789012', carrier: 'fedex' }).url).toMatch(/^https:\/\/www\.fedex\.com\/.*123456789012$/);
    expect(trackingView({ number: 'RR123456785DE', carrier: 'deutsche post' })).toEqual({ number: 'RR123456785DE', carrier: 'deutsche post', url: null });
    expect(readTracking({})).toEqual({ number: null, carrier: null });
    expect(() => readTracking({ trackingNumber: '12' })).toThrow();
    expect(() => readTracking({ trackingNumber: 'abc$%^123' })).toThrow();
  });

  it("maps carriers to PayPal's enum, anything else to OTHER with its name", () => {
    expect(paypalCarrier('ups')).toEqual({ carrier: 'UPS' });
    expect(paypalCarrier('dhl')).toEqual({ carrier: 'DHL' });
    expect(paypalCarrier('deutsche post')).toEqual({ carrier: 'OTHER', carrierNameOther: 'deutsche post' });
    expect(paypalCarrier(null)).toEqual({ carrier: 'OTHER', carrierNameOther: 'Other' });
  });
});

const t = useTestApp({ PUBLIC_URL: 'http://keeb.test' });

describe('the tracking sent to the provider', () => {
  it('a sale the configured provider does not hold is refused on the timeline, and the order stays shipped', async () => {
    const { seller, buyer, orderId } = await paidOrder(t);
    // Paid through PayPal, while the app now runs on the stand-in.
    await t.db.db.update(purchases).set({ provider: 'paypal' }).where(eq(purchases.id, orderId));
    await seller.client.post(`/api/order/${orderId}/ship`, { trackingNumber: '1Z999AA10123456784' });
    await t.jobs.drain();
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'shipped', trackingSync: 'refused', trackingSyncError: 'NO_PROVIDER_ORDER' });
    const shown = (await buyer.client.get(`/api/order/${orderId}`)).body;
    expect(shown).toMatchObject({ status: 'shipped', tracking: { number: '1Z999AA10123456784' } });
    expect(shown.timeline.map((e: { kind: string }) => e.kind)).toEqual(['paid', 'shipped', 'tracking_refused']);
  });
});
