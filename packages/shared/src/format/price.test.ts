import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCount, formatPrice } from './price';

describe('formatPrice', () => {
  it('shows whole dollars without decimals', () => {
    expect(formatPrice(250)).toBe('$250');
    expect(formatPrice(1200)).toBe('$1,200');
  });
  it('shows two decimals otherwise', () => {
    expect(formatPrice(19.5)).toBe('$19.50');
    expect(formatPrice(0.99)).toBe('$0.99');
    expect(formatPrice(1234567.8)).toBe('$1,234,567.80');
  });
  it('rounds cents half up from the shortest decimal form, as Intl does', () => {
    expect(formatPrice(1.005)).toBe('$1.01');
    expect(formatPrice(2.675)).toBe('$2.68');
    expect(formatPrice(0.995)).toBe('$1.00');
    expect(formatPrice(0.004)).toBe('$0.00');
  });
  it('writes what Intl.NumberFormat en-US USD writes', () => {
    const intl = (digits: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits });
    for (const dollars of [0, 5, 999, 1000, 21474836, 0.01, 19.99, 1234.5, 99999.99, -5, -1234.56, 3.14159]) {
      expect(formatPrice(dollars)).toBe(intl(Number.isInteger(dollars) ? 0 : 2).format(dollars));
    }
  });
});

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(60000)).toBe('60,000');
    expect(formatCount(-1234567)).toBe('-1,234,567');
  });
});

describe('cents conversion', () => {
  it('round-trips without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(1999)).toBe(19.99);
  });
});
