import { noticeMail } from '../../adapters/mail/notice-mail';

export const listingRejectedMail = (to: string, username: string, itemName: string, editUrl: string) =>
  noticeMail(
    to,
    `Your listing "${itemName}" was not approved`,
    [
      `Hi ${username}, your listing "${itemName}" was not approved by our moderators.`,
      'Common reasons: photos without a timestamp or username note, more than one item in a listing, or missing details. Edit the listing to resubmit it for review.',
    ],
    { label: 'Edit your listing', url: editUrl },
  );

/** `news`: what changed, when it is worth a line of its own (issue 29: 'Price dropped from $120 to $99.'). */
export const savedItemUpdatedMail = (to: string, username: string, itemName: string, url: string, news?: string) =>
  noticeMail(to, `An item you saved was updated: ${itemName}`, [`Hi ${username}, "${itemName}", which you saved, was just updated by its seller.`, ...(news ? [news] : [])], {
    label: 'See the listing',
    url,
  });

export const savedItemRemovedMail = (to: string, username: string, itemName: string) =>
  noticeMail(to, `An item you saved was removed: ${itemName}`, [`Hi ${username}, "${itemName}", which you saved, is no longer for sale.`]);

export const itemCommentMail = (to: string, username: string, itemName: string, commenter: string, body: string, url: string) =>
  noticeMail(to, `New comment on ${itemName}`, [`Hi ${username}, ${commenter} commented on "${itemName}":`, body], { label: 'Reply on the listing', url });

/** To a follower of the seller (followedSellerListed), when the seller's listing is approved and on sale. */
export const followedSellerListedMail = (to: string, username: string, sellerName: string, itemName: string, price: string, url: string) =>
  noticeMail(
    to,
    `${sellerName} listed ${itemName}`,
    [`Hi ${username}, ${sellerName}, a seller you follow, just listed "${itemName}" for ${price}.`, 'You get these mails because you follow this seller; you can turn them off in Settings.'],
    { label: 'See the listing', url },
  );
