/** The spec's display rule: whole dollars when the amount is an integer, else two decimals; always USD. */
export function formatPrice(dollars: number): string {
  const whole = Number.isInteger(dollars);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(dollars);
}

export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
export const centsToDollars = (cents: number): number => cents / 100;
