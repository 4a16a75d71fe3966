import { priceWithShipping } from '@keeb/shared';
import { noticeMail } from '../../platform/notice-mail';

/** To the seller (the itemSell preference). */
export const itemSoldMail = (to: string, seller: string, buyer: string, itemName: string, itemCents: number, shippingCents: number, url: string) =>
  noticeMail(
    to,
    `You sold ${itemName}`,
    [
      `Hi ${seller}, ${buyer} bought "${itemName}" for ${priceWithShipping(itemCents / 100, shippingCents / 100)}. The payment is in your PayPal account.`,
      'Please ship within 72 hours and message the buyer with tracking.',
    ],
    { label: 'See the sale', url },
  );

/** To the buyer: always sent, it is their receipt. */
export const purchaseReceiptMail = (to: string, buyer: string, itemName: string, itemCents: number, shippingCents: number, url: string) =>
  noticeMail(to, `Your purchase: ${itemName}`, [`Hi ${buyer}, you bought "${itemName}" for ${priceWithShipping(itemCents / 100, shippingCents / 100)}. The seller has been told to ship it within 72 hours.`], {
    label: 'See the item',
    url,
  });

/** To the users who saved the item (soldSavedItem). */
export const savedItemSoldMail = (to: string, username: string, itemName: string) =>
  noticeMail(to, `An item you saved was sold: ${itemName}`, [`Hi ${username}, "${itemName}", which you saved, has been sold.`]);
