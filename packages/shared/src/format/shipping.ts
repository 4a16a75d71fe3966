import { formatPrice } from './price';

/**
 * Shipping prices as the screens say them: a shipping price of 0 is 'Free' (issue 25), never '$0'. Kept apart from
 * formatPrice, which stays the spec's one rule for prices (an item or an offer of $0 is not "free").
 */
export function formatShipping(dollars: number): string {
  return dollars === 0 ? 'Free' : formatPrice(dollars);
}

/** In a sentence: 'free shipping' or '$15 shipping'. */
export function shippingNote(dollars: number): string {
  return dollars === 0 ? 'free shipping' : `${formatPrice(dollars)} shipping`;
}

/** A price and its shipping in a sentence: '$150 with free shipping' or '$150 plus $15 shipping'. */
export function priceWithShipping(price: number, shipping: number): string {
  return shipping === 0 ? `${formatPrice(price)} with free shipping` : `${formatPrice(price)} plus ${formatPrice(shipping)} shipping`;
}
