import { priceWithShipping } from '@keeb/shared';
import { noticeMail } from '../../adapters/mail/notice-mail';

/**
 * To the seller (the itemSell preference), linking to the order page where they find the address and mark it
 * shipped. Issue 36: a payment that brought no address says so, instead of sending them to look for one.
 */
export const itemSoldMail = (to: string, seller: string, buyer: string, itemName: string, itemCents: number, shippingCents: number, url: string, hasAddress = true) =>
  noticeMail(
    to,
    `You sold ${itemName}`,
    [
      `Hi ${seller}, ${buyer} bought "${itemName}" for ${priceWithShipping(itemCents / 100, shippingCents / 100)}. The payment is in your PayPal account.`,
      hasAddress
        ? 'Please ship within 72 hours, then mark it shipped with its tracking number on the order page, where you find the address to ship to.'
        : 'The buyer has not given an address to ship to yet: we have asked them for one and will mail you when it is on the order page. Your 72 hours to ship start then.',
    ],
    { label: 'See the order', url },
  );

/** To the buyer: always sent, it is their receipt; it links to their order (issue 36: asking for an address it lacks). */
export const purchaseReceiptMail = (to: string, buyer: string, itemName: string, itemCents: number, shippingCents: number, url: string, hasAddress = true) =>
  noticeMail(
    to,
    `Your purchase: ${itemName}`,
    [
      `Hi ${buyer}, you bought "${itemName}" for ${priceWithShipping(itemCents / 100, shippingCents / 100)}.`,
      hasAddress
        ? 'The seller has been told to ship it within 72 hours.'
        : 'The payment brought no address to ship to: please add the address to ship to on the order page, so the seller can send it.',
    ],
    { label: 'See your order', url },
  );

/** To the users who saved the item (soldSavedItem). */
export const savedItemSoldMail = (to: string, username: string, itemName: string) =>
  noticeMail(to, `An item you saved was sold: ${itemName}`, [`Hi ${username}, "${itemName}", which you saved, has been sold.`]);
