import { formatPrice } from '@keeb/shared';
import { noticeMail } from '../../adapters/mail/notice-mail';

/** The trade mails, sent under the `offers` mail preference (a trade is an offer of items). */
const usd = (cents: number) => formatPrice(cents / 100);

/** "plus $40 from you" / "and asks $40" / "" : the cash part as the reader sees it. */
export function cashLine(cash: { cashToSellerCents: number; cashToBuyerCents: number }, readerIsSeller: boolean): string {
  if (cash.cashToSellerCents > 0) return readerIsSeller ? ` plus ${usd(cash.cashToSellerCents)} to you` : ` plus ${usd(cash.cashToSellerCents)} from you`;
  if (cash.cashToBuyerCents > 0) return readerIsSeller ? ` for ${usd(cash.cashToBuyerCents)} from you` : ` plus ${usd(cash.cashToBuyerCents)} to you`;
  return '';
}

/** '"Tofu65"', '"Tofu65" and "GMK Laser"', '"A", "B" and "C"': the listings a trade offers (issue 36). */
export function offeredList(names: readonly string[]): string {
  const quoted = names.map((n) => `"${n}"`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : (quoted[0] ?? '');
}

export const newTradeMail = (to: string, seller: string, proposer: string, itemName: string, offered: readonly string[], cash: string, url: string) =>
  noticeMail(to, `Trade offer on ${itemName}`, [`Hi ${seller}, ${proposer} proposes a trade for "${itemName}": they offer ${offeredList(offered)}${cash}.`], { label: 'Answer the trade', url });

export const counterMail = (to: string, name: string, by: string, itemName: string, offered: readonly string[], cash: string, url: string) =>
  noticeMail(to, `Counter-proposal on the trade for ${itemName}`, [`Hi ${name}, ${by} countered the trade for "${itemName}". Offered now: ${offeredList(offered)}${cash}.`], { label: 'Answer the trade', url });

export const acceptedMail = (to: string, name: string, itemName: string, pays: boolean, cents: number, url: string) =>
  noticeMail(
    to,
    `Trade accepted: ${itemName}`,
    [
      `Hi ${name}, the trade for "${itemName}" was accepted. Every item in it is held for this trade.`,
      pays
        ? `Please pay within 24 hours: ${usd(cents)} through the payment provider, or the trade is cancelled and the items are released.`
        : cents > 0
          ? `The other side has 24 hours to pay ${usd(cents)}; then you both ship.`
          : 'No cash is owed: you can both ship now.',
    ],
    pays ? { label: 'Pay now', url } : seeTrade(url),
  );

const seeTrade = (url: string) => ({ label: 'See the trade', url });

export const declinedMail = (to: string, name: string, itemName: string, url: string) =>
  noticeMail(to, `Trade declined: ${itemName}`, [`Hi ${name}, the trade for "${itemName}" was declined.`], seeTrade(url));

export const cancelledMail = (to: string, name: string, itemName: string, released: boolean, url: string) =>
  noticeMail(to, `Trade cancelled: ${itemName}`, [`Hi ${name}, the trade for "${itemName}" was cancelled${released ? ' and its items are available again' : ''}.`], seeTrade(url));

export const expiredMail = (to: string, name: string, itemName: string, url: string) =>
  noticeMail(to, `Trade expired: ${itemName}`, [`Hi ${name}, the cash part of the trade for "${itemName}" was not paid within 24 hours, so the trade is cancelled and the items are available again.`], seeTrade(url));

const CLOSED_WHY: Record<string, string> = {
  item_sold: 'an item in it was sold',
  item_traded: 'an item in it went to another trade',
  item_removed: 'an item in it was removed by its owner',
  item_rejected: 'an item in it was taken down by the moderators',
};
export const closedMail = (to: string, name: string, itemName: string, reason: string, url: string) =>
  noticeMail(to, `Trade closed: ${itemName}`, [`Hi ${name}, the trade for "${itemName}" is closed: ${CLOSED_WHY[reason] ?? 'an item in it is no longer available'}.`], seeTrade(url));

/**
 * Issue 36, to the side of a trade with no mailing address when the other side tries to accept: the trade waits
 * for their address (both parcels need one), with where to add it.
 */
export const addressNeededMail = (to: string, name: string, other: string, itemName: string, url: string) =>
  noticeMail(
    to,
    `Add your mailing address to trade for ${itemName}`,
    [
      `Hi ${name}, ${other} wants to accept the trade for "${itemName}", but you have no mailing address saved: each side ships to the other, so the trade cannot go ahead without it.`,
      'Add your address in Settings, then let them know: they can accept again.',
    ],
    { label: 'Add your address', url },
  );
