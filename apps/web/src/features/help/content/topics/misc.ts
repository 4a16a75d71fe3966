import { COMMENT_MAX, formatCount } from '@keeb/shared';
import type { HelpTopic } from '../document';

export const misc: HelpTopic = {
  id: 'misc',
  title: 'Misc',
  summary: 'Saving items, following sellers, email preferences, comments and your account.',
  sections: [
    {
      heading: 'Saving items and following sellers',
      blocks: [
        {
          list: [
            'Press the heart on a listing to save it. Saved items and the sellers you follow are in your [Vault](/me/vault).',
            'We email you when an item you saved gets an offer, sells, is updated or is removed.',
            'Follow a seller from their profile to hear by email when one of their new listings is approved.',
          ],
        },
      ],
    },
    {
      heading: 'Email preferences',
      blocks: [
        { p: 'In [Settings](/settings) you choose which emails you get: your items selling, offers, product updates, messages, offers on saved items, saved items sold, updated or removed, new listings by sellers you follow, and comments on your items. Everything is on at first except product updates, which you opt in to. Mails about your account itself (confirmation, password reset) and your purchase receipts are always sent.' },
      ],
    },
    {
      heading: 'Comments',
      blocks: [
        { p: `Ask questions in the comments of a listing, up to ${formatCount(COMMENT_MAX)} characters each and 20 per day. The seller is emailed about new comments. Keep prices and payment details out of comments: use offers and checkout.` },
      ],
    },
    {
      heading: 'Fees, currency and age',
      blocks: [
        {
          list: [
            'No listing, selling or buying fees. PayPal\'s own fees apply to the seller after a sale.',
            'All prices are in US dollars.',
            'You must be at least 13 years old to use the marketplace.',
          ],
        },
      ],
    },
    {
      heading: 'Your account',
      blocks: [
        { p: 'Change your username, bio, photo, email and shipping region in [Settings](/settings), where you can also remove your account. What happens to your data then is in our [privacy policy](/legal?tab=privacy). For anything else, [contact us](/about).' },
      ],
    },
  ],
};
