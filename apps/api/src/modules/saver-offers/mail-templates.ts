import { formatPrice } from '@keeb/shared';
import { noticeMail } from '../../adapters/mail/notice-mail';

/** The offer-to-savers notices (issue 29): the push's text and the mail say the same. */
const usd = (cents: number) => formatPrice(cents / 100);

/** '{seller} offers you {item} for {price}, for 24 hours' (the brief's wording). */
export const saverOfferText = (seller: string, itemName: string, cents: number, hours: number) =>
  `${seller} offers you ${itemName} for ${usd(cents)}, for ${hours} hours`;

/** To each saver: the seller's one-time price, and where to take it. */
export const saverOfferMail = (to: string, saver: string, text: string, itemName: string, url: string) =>
  noticeMail(to, `An offer on ${itemName}, which you saved`, [`Hi ${saver}, ${text}. The first saver to take it gets it.`], { label: 'See the offer', url });

/** To the seller: a saver took their offer and now has the usual payment window. */
export const saverOfferTakenMail = (to: string, seller: string, buyer: string, itemName: string, cents: number, url: string) =>
  noticeMail(to, `${buyer} took your offer on ${itemName}`, [`Hi ${seller}, ${buyer} took your offer to savers of ${usd(cents)} (shipping not included) for "${itemName}". They have 24 hours to pay.`], { label: 'Your offers', url });
