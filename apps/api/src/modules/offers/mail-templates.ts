import { formatPrice } from '@keeb/shared';
import { noticeMail } from '../../adapters/mail/notice-mail';

/** The offer mails (the `offers` preference) and the saved-item notices of offers (`offerSavedItem`). */
const usd = (cents: number) => formatPrice(cents / 100);

export const newOfferMail = (to: string, seller: string, buyer: string, itemName: string, cents: number, url: string) =>
  noticeMail(to, `New offer on ${itemName}`, [`Hi ${seller}, ${buyer} offered ${usd(cents)} (shipping not included) for "${itemName}".`], { label: 'Answer the offer', url });

export const buyerCounterMail = (to: string, seller: string, buyer: string, itemName: string, cents: number, url: string) =>
  noticeMail(to, `Counter-offer on ${itemName}`, [`Hi ${seller}, ${buyer} countered with ${usd(cents)} for "${itemName}".`], { label: 'Answer the offer', url });

export const sellerCounterMail = (to: string, buyer: string, itemName: string, cents: number, url: string) =>
  noticeMail(to, `The seller countered your offer on ${itemName}`, [`Hi ${buyer}, the seller of "${itemName}" countered your offer with ${usd(cents)} (shipping not included). You can pay it or counter again.`], { label: 'See your offer', url });

export const acceptedMail = (to: string, buyer: string, itemName: string, cents: number, url: string) =>
  noticeMail(to, `Your offer on ${itemName} was accepted`, [`Hi ${buyer}, your offer of ${usd(cents)} for "${itemName}" was accepted. You have 24 hours to pay.`], { label: 'Pay now', url });

/** To the seller: an offer reached the auto-accept price they set, so it was accepted for them. */
export const autoAcceptedSellerMail = (to: string, seller: string, buyer: string, itemName: string, cents: number, url: string) =>
  noticeMail(to, `Offer accepted automatically on ${itemName}`, [`Hi ${seller}, ${buyer} offered ${usd(cents)} (shipping not included) for "${itemName}", which reached your auto-accept price, so it was accepted. They have 24 hours to pay.`], { label: 'Your offers', url });

export const declinedMail = (to: string, buyer: string, itemName: string, url: string) =>
  noticeMail(to, `Your offer on ${itemName} was declined`, [`Hi ${buyer}, the seller declined your offer for "${itemName}". You can make a new offer.`], { label: 'See the listing', url });

export const expiryWarningMail = (to: string, buyer: string, itemName: string, hoursLeft: number, url: string) =>
  noticeMail(to, `Your payment window for ${itemName} is closing`, [`Hi ${buyer}, your accepted offer for "${itemName}" has about ${hoursLeft} hours left to be paid. After that the seller may sell it to someone else.`], { label: 'Pay now', url });

export const expiredBuyerMail = (to: string, buyer: string, itemName: string, url: string) =>
  noticeMail(to, `Your accepted offer on ${itemName} expired`, [`Hi ${buyer}, your accepted offer for "${itemName}" was not paid within 24 hours and has expired. The seller may give you more time.`], { label: 'See your offer', url });

export const expiredSellerMail = (to: string, seller: string, itemName: string, url: string) =>
  noticeMail(to, `The buyer did not pay for ${itemName}`, [`Hi ${seller}, the buyer did not pay within 24 hours for "${itemName}". You can give them more time or decline the offer.`], { label: 'Your offers', url });

export const offerClosedMail = (to: string, buyer: string, itemName: string, sold: boolean, url: string) =>
  noticeMail(to, `${itemName} is no longer available`, [`Hi ${buyer}, "${itemName}" ${sold ? 'was sold to another buyer' : 'was removed by its seller'}, so your offer is closed.`], { label: 'See your offer', url });

export const offerOnSavedItemMail = (to: string, username: string, itemName: string, url: string) =>
  noticeMail(to, `Someone made an offer on ${itemName}`, [`Hi ${username}, "${itemName}", which you saved, just received an offer. It may not be available for long.`], { label: 'See the listing', url });
