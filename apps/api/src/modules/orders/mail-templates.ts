import type { MailingAddress, ProblemReason } from '@keeb/shared';
import { noticeMail } from '../../adapters/mail/notice-mail';

/**
 * The order mails: to the seller under itemSell (their trade mail), to the buyer under offers (the buyer's trade
 * mail: accepted offers, payment windows). Each links to the order page. docs/decisions/0327-mail-preferences.md.
 */
const link = (url: string) => ({ label: 'See the order', url });

export const REASON_TEXT: Record<ProblemReason, string> = {
  not_received: 'Not received',
  not_as_described: 'Not as described',
  damaged: 'Damaged',
  other: 'Other',
};

/** To the buyer: the parcel left, with its tracking page when there is one. */
export const shippedMail = (to: string, buyer: string, itemName: string, tracking: { number: string | null; url: string | null }, url: string) =>
  noticeMail(
    to,
    `Your order of ${itemName} has shipped`,
    [
      `Hi ${buyer}, the seller shipped "${itemName}".`,
      tracking.number ? `Tracking number: ${tracking.number}${tracking.url ? ` (${tracking.url})` : ''}` : 'The seller shipped it without tracking.',
      'Once it arrives, please confirm you received it on the order page.',
    ],
    link(url),
  );

/**
 * To the seller: the buyer confirmed (or the 14 days passed). Issue 36: a parcel shipped without tracking counts as
 * a confirmed trade only 14 days after shipping (`counted` false until then), and the mail says so.
 */
export const receivedMail = (to: string, seller: string, itemName: string, auto: boolean, url: string, counted = true) =>
  noticeMail(
    to,
    `${itemName} was received`,
    [
      auto ? `Hi ${seller}, "${itemName}" was confirmed received automatically, 14 days after you shipped it.` : `Hi ${seller}, the buyer confirmed they received "${itemName}".`,
      counted ? 'That is one more confirmed trade.' : 'Shipped without tracking, it counts as a confirmed trade 14 days after you shipped it.',
    ],
    link(url),
  );

/** To the seller: the buyer reported a problem. */
export const problemMail = (to: string, seller: string, buyer: string, itemName: string, reason: ProblemReason, details: string, url: string) =>
  noticeMail(
    to,
    `A problem was reported with ${itemName}`,
    [`Hi ${seller}, ${buyer} reported a problem with "${itemName}": ${REASON_TEXT[reason]}.`, ...(details ? [`They wrote: ${details}`] : []), 'Please message the buyer to sort it out.'],
    link(url),
  );

/** To the seller at 48 hours, still unshipped. */
export const shipReminderMail = (to: string, seller: string, itemName: string, url: string) =>
  noticeMail(to, `Please ship ${itemName}`, [`Hi ${seller}, "${itemName}" was paid 48 hours ago and is not marked shipped yet. The community's rule is to ship within 72 hours.`], link(url));

/** To the buyer at 10 days after shipping, not yet confirmed. */
export const receiveReminderMail = (to: string, buyer: string, itemName: string, url: string) =>
  noticeMail(
    to,
    `Did ${itemName} arrive?`,
    [`Hi ${buyer}, "${itemName}" was shipped 10 days ago. If it arrived, please confirm it on the order page; if not, you can report a problem. Without either, it is confirmed received automatically 14 days after shipping.`],
    link(url),
  );

/**
 * Issue 28, to each side of a trade once it is settled (paid, or accepted with no cash owed): ship what you gave.
 * `gives` and `receives` are listing names (a side may give several, joined).
 */
export const shipYourPartMail = (to: string, name: string, gives: string, receives: string, url: string) =>
  noticeMail(
    to,
    `Ship your part of the trade: ${gives}`,
    [
      `Hi ${name}, your trade is settled: please ship "${gives}" within 72 hours, to the address on the order page, and mark it shipped there.`,
      `The other side ships "${receives}" to you; confirm it on its order page once it arrives.`,
    ],
    link(url),
  );

/** Issue 36, to the seller: the buyer gave the address a payment came without. */
export const shipToAddedMail = (to: string, seller: string, itemName: string, address: MailingAddress, shipBy: string, url: string) =>
  noticeMail(
    to,
    `Where to ship ${itemName}`,
    [
      `Hi ${seller}, the buyer of "${itemName}" added the address to ship to:`,
      [address.name, address.line1, address.line2, [address.city, address.region, address.postalCode].filter(Boolean).join(' '), address.country].filter(Boolean).join(', '),
      `Please ship it by ${shipBy} and mark it shipped on the order page.`,
    ],
    link(url),
  );

/**
 * Issue 36, to each side when an admin closes a problem: what was reported, that the team closed it, where the order
 * stands now and what that side can still do (the buyer's PayPal recourse is the buyer's alone).
 */
export const problemClosedMail = (to: string, name: string, side: 'buyer' | 'seller', itemName: string, reason: ProblemReason, shipped: boolean, url: string) =>
  noticeMail(
    to,
    `The problem with ${itemName} was closed`,
    [
      `Hi ${name}, the problem reported with "${itemName}" (${REASON_TEXT[reason]}) was closed by the marketplace team.`,
      side === 'buyer'
        ? shipped
          ? 'The order is back to Shipped: confirm it on the order page once the item is with you, or report a problem again. If you cannot sort it out with the seller, you can still open a case at PayPal within 180 days of payment.'
          : 'The order is back to awaiting shipment. If you cannot sort it out with the seller, you can still open a case at PayPal within 180 days of payment.'
        : shipped
          ? 'The order is back to Shipped, waiting for the buyer to confirm it. Keep your tracking and your messages with the buyer: they are what count if the buyer opens a case at PayPal.'
          : 'The order is back to awaiting shipment: please ship it and mark it shipped on the order page.',
    ],
    link(url),
  );
