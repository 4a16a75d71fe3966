import { KARMA } from '@keeb/shared';
import type { HelpTopic } from '../document';

const { listing: LISTING, sale: SALE, purchase: PURCHASE, referralDefault: REFERRAL } = KARMA;

export const keebkarma: HelpTopic = {
  id: 'keebkarma',
  title: 'KeebKarma',
  summary: 'Karma is a running score of how much you have taken part in the marketplace.',
  sections: [
    {
      heading: 'How you earn karma',
      blocks: [
        {
          list: [
            `Listing: ${LISTING} karma when a listing of yours is approved.`,
            `Selling: ${SALE} karma when one of your items is paid for.`,
            `Buying: ${PURCHASE} karma when you pay for an item.`,
            `Referral: ${REFERRAL} karma when someone who signed up with your invite link confirms their email.`,
          ],
        },
        { p: 'Each is counted once: approving the same listing again, or editing it, earns nothing more.' },
      ],
    },
    {
      heading: 'Where it shows',
      blocks: [
        { p: 'Your karma shows in the account menu and on your profile. Karma cannot be bought, transferred or spent. It is a sign of activity, not a rating: for how a seller treats buyers, read their feedback.' },
      ],
    },
  ],
};
