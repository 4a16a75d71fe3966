import { describe, expect, it } from 'vitest';
import { formatShipping, priceWithShipping, shippingNote } from './shipping';

describe('shipping prices as the screens say them (issue 25: no "$0" shipping)', () => {
  it("writes a shipping price of 0 as 'Free', any other as formatPrice does", () => {
    expect(formatShipping(0)).toBe('Free');
    expect(formatShipping(15)).toBe('$15');
    expect(formatShipping(7.5)).toBe('$7.50');
  });
  it('says it in a phrase', () => {
    expect(shippingNote(0)).toBe('free shipping');
    expect(shippingNote(15)).toBe('$15 shipping');
  });
  it('adds it to a price', () => {
    expect(priceWithShipping(150, 0)).toBe('$150 with free shipping');
    expect(priceWithShipping(150, 12.5)).toBe('$150 plus $12.50 shipping');
  });
});
