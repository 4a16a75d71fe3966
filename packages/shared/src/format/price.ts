const usd = (digits: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: digits, maximumFractionDigits: digits });
// Made once: building an Intl.NumberFormat costs about a millisecond on a phone, and a feed page formats dozens.
let wholeDollars: Intl.NumberFormat | undefined;
let withCents: Intl.NumberFormat | undefined;

/** The spec's display rule: whole dollars when the amount is an integer, else two decimals; always USD. */
export function formatPrice(dollars: number): string {
  if (Number.isInteger(dollars)) return (wholeDollars ??= usd(0)).format(dollars);
  return (withCents ??= usd(2)).format(dollars);
}

export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
export const centsToDollars = (cents: number): number => cents / 100;
