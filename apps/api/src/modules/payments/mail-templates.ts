import { priceWithShipping } from '@keeb/shared';
import { noticeMail } from '../../adapters/mail/notice-mail';

/** To the seller (the itemSell preference), linking to the order page where they find the address and mark it shipped. */
export const itemSoldMail = (to: string, seller: string, buyer: string, itemName: string, itemCents: number, shippingCents: number, url: string) =>
  noticeMail(
    to,
    `You sold ${itemName}`,
    [
      `Hi ${seller}, ${buyer} bought "${itemName}" for ${priceWithShipping(itemCents / 100, shippingCents / 100)}. The payment is in your PayPal account.`,
      'Please ship within 72 hours, then mark it shipped with its tracking number on the order page, where you find the address to ship to.',
    ],
    { label: 'See the order', url },
  );

/** To the buyer: always sent, it is their receipt; it links to their order. */
export const purchaseReceiptMail = (to: string, buyer: string, itemName: string, itemCents: number, shippingCents: number, url: string) =>
  noticeMail(to, `Your purchase: ${itemName}`, [`Hi ${buyer}, you bought "${itemName}" for ${priceWithShipping(itemCents / 100, shippingCents / 100)}. The seller has been told to ship it within 72 hours.`], {
    label: 'See your order',
    url,
  });

/** To the users who saved the item (soldSavedItem). */
export const savedItemSoldMail = (to: string, username: string, itemName: string) =>
  noticeMail(to, `An item you saved was sold: ${itemName}`, [`Hi ${username}, "${itemName}", which you saved, has been sold.`]);
