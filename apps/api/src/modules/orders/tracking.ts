import { ORDER_ERRORS, type OrderTracking } from '@keeb/shared';
import { getTracking } from 'ts-tracking-number';
import { AppError } from '../../platform/errors';

/**
 * A shipment's tracking as the seller gave it: the number normalised (spaces and dashes dropped, upper case), the
 * carrier as given or recognised from the number by ts-tracking-number (its patterns and check digits, kept up
 * to date upstream, rather than patterns of our own).
 */
export interface Tracking {
  number: string | null;
  carrier: string | null;
}

/*
 * The tables below are Maps, looked up by what a seller typed: an object's `CARRIER_ALIASES[given]` answered
 * Object.prototype for '__proto__' (500) and the Object function for 'constructor' (stored as its source text),
 * issue 36.
 */

/** Carrier codes as ts-tracking-number names them, plus the common names sellers type. */
const CARRIER_ALIASES: ReadonlyMap<string, string> = new Map([
  ['usps', 'usps'],
  ['united states postal service', 'usps'],
  ['ups', 'ups'],
  ['fedex', 'fedex'],
  ['fed ex', 'fedex'],
  ['dhl', 'dhl'],
  ['dhl express', 'dhl'],
  ['amazon', 'amazon'],
  ['ontrac', 'ontrac'],
]);

/** Tracking pages for the carriers the library has no URL for (its DHL and FedEx entries carry none). */
const TRACKING_URLS: ReadonlyMap<string, string> = new Map([
  ['usps', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=%s'],
  ['ups', 'https://www.ups.com/track?tracknum=%s'],
  ['fedex', 'https://www.fedex.com/fedextrack/?trknbr=%s'],
  ['dhl', 'https://www.dhl.com/en/express/tracking.html?AWB=%s'],
]);

/** PayPal's carrier enum for our codes; anything else is OTHER with carrier_name_other. */
const PAYPAL_CARRIERS: ReadonlyMap<string, string> = new Map([
  ['usps', 'USPS'],
  ['ups', 'UPS'],
  ['fedex', 'FEDEX'],
  ['dhl', 'DHL'],
  ['ontrac', 'ONTRAC'],
  ['amazon', 'AMAZON'],
]);

const NUMBER = /^[A-Z0-9]{4,40}$/;

/** The seller's input as stored: a bad number (not letters and digits, too short or long) is invalid_tracking_number. */
export function readTracking(input: { trackingNumber?: string | undefined; carrier?: string | undefined }): Tracking {
  const number = (input.trackingNumber ?? '').replace(/[\s-]/g, '').toUpperCase();
  const given = (input.carrier ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  if (!number) return { number: null, carrier: given ? (CARRIER_ALIASES.get(given) ?? given) : null };
  if (!NUMBER.test(number)) throw new AppError(400, ORDER_ERRORS.trackingNumber, { field: 'trackingNumber' });
  const carrier = given ? (CARRIER_ALIASES.get(given) ?? given) : (getTracking(number)?.courier.code ?? null);
  return { number, carrier };
}

/** What the order page shows: the carrier's tracking page when both the carrier and the number are known. */
export function trackingView(t: Tracking): OrderTracking {
  if (!t.number || !t.carrier) return { number: t.number, carrier: t.carrier, url: null };
  const recognised = getTracking(t.number);
  const template = (recognised?.courier.code === t.carrier ? recognised.trackingUrl : null) ?? TRACKING_URLS.get(t.carrier) ?? null;
  return { number: t.number, carrier: t.carrier, url: template ? template.replace('%s', encodeURIComponent(t.number)) : null };
}

/** The carrier as PayPal's /track call takes it. */
export function paypalCarrier(carrier: string | null): { carrier: string; carrierNameOther?: string } {
  const known = carrier ? PAYPAL_CARRIERS.get(carrier) : undefined;
  return known ? { carrier: known } : { carrier: 'OTHER', carrierNameOther: carrier ?? 'Other' };
}
