import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatPrice } from './price';

describe('formatPrice', () => {
  it('shows whole dollars without decimals', () => {
    expect(formatPrice(250)).toBe('$250');
    expect(formatPrice(1200)).toBe('$1,200');
  });
  it('shows two decimals otherwise', () => {
    expect(formatPrice(19.5)).toBe('$19.50');
    expect(formatPrice(0.99)).toBe('$0.99');
  });
});

describe('cents conversion', () => {
  it('round-trips without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
  });
});
