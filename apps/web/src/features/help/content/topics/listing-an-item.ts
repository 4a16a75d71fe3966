import { DEFAULT_LISTINGS_PER_DAY, ITEM_DESCRIPTION_MAX, ITEM_NAME_MAX, MAX_PHOTOS, PHOTO_LINK_HOSTS, formatCount } from '@keeb/shared';
import type { HelpTopic } from '../document';

const [IMGUR_HOST, REDDIT_HOST] = PHOTO_LINK_HOSTS;

export const listingAnItem: HelpTopic = {
  id: 'listing-an-item',
  title: 'Listing An Item',
  summary: 'What a listing needs, how photos work and what happens after you submit it.',
  sections: [
    {
      heading: 'Before you list',
      blocks: [
        {
          list: [
            'Your email must be confirmed (see [Signing Up](/help/signing-up)).',
            'Each listing holds exactly one item. Selling a board and a keycap set? Make two listings.',
            `You can post up to ${DEFAULT_LISTINGS_PER_DAY} listings per account in any 24 hours. The limit may change; when you reach it, the form tells you how long until you can list again.`,
          ],
        },
      ],
    },
    {
      heading: 'The listing form',
      blocks: [
        { p: 'Open [Sell](/sell) and fill in:' },
        {
          list: [
            'Category: Keyboards, Keycaps, Artisan, Parts or Accessories.',
            `Name (up to ${ITEM_NAME_MAX} characters) and description (up to ${formatCount(ITEM_DESCRIPTION_MAX)}). Describe the condition honestly and mention any flaws.`,
            'Price in USD.',
            'Payment email: the PayPal address buyers pay. Only you see it on the listing.',
            'Whether you accept offers, sell at a fixed price (Purchase), or both. At least one must be on.',
            'Shipping: each region you ship to and its price (zero for free shipping).',
          ],
        },
      ],
    },
    {
      heading: 'Photos',
      blocks: [
        { p: `Add up to ${MAX_PHOTOS} photos in one of two ways:` },
        {
          list: [
            'Upload them from your device as JPEG or PNG. We turn them upright, shrink large ones and strip all metadata (such as the location your camera recorded).',
            `Insert Photo URLs: either the id of an Imgur album (for example the letters after imgur.com/a/), or direct links to images on ${IMGUR_HOST} (Imgur) or ${REDDIT_HOST} (Reddit's image host), one link per line. Links must start with https:// and end in .jpg, .jpeg or .png. Links to any other site are refused.`,
          ],
        },
        { p: 'Include a photo showing a handwritten note with your username and the date next to the item: moderators look for it to know you hold what you sell.' },
      ],
    },
    {
      heading: 'Approval',
      blocks: [
        { p: 'Every new listing is reviewed by a moderator before it goes on sale. Please allow up to 24 hours. Until then it is pending: you can open it by its link, but it shows in no feed or search.' },
        { p: 'Once approved it goes to the top of the feed, and the people who follow you hear about it by email (if they want those mails). If it is not approved we email you with a link to edit it; saving your changes sends it back for review.' },
      ],
    },
    {
      heading: 'Editing and removing',
      blocks: [
        {
          list: [
            'Everything can be edited after listing except the shipping options. To change shipping, remove the listing and list it again, or use Add A Similar Listing to start a copy.',
            'A sold item cannot be edited, but you can duplicate it.',
            'You cannot remove an item while it has pending or accepted offers, or while a buyer is paying for it. Decline the open offers first, or wait for the payment window to end.',
            'People who saved your item are told when you update or remove it.',
          ],
        },
      ],
    },
  ],
};
