import { PAYMENT_WINDOW_MS } from '@keeb/shared';
import type { HelpTopic } from '../document';

const WINDOW_HOURS = PAYMENT_WINDOW_MS / 3_600_000;

export const offers: HelpTopic = {
  id: 'offers',
  title: 'Offers',
  summary: 'Make, answer and pay offers, and what the 24-hour payment window means.',
  sections: [
    {
      heading: 'Making an offer',
      blocks: [
        { p: 'On a listing that accepts offers, press Make An Offer and enter your price in USD. Offers do not include shipping: the shipping price for your region is added when you pay.' },
        {
          list: [
            'You can have one open offer per item. To change your price, wait for the seller\'s answer or delete a pending offer and make a new one.',
            'Your offers are on the Sent tab of [Offers](/me/offers).',
          ],
        },
      ],
    },
    {
      heading: 'Answering offers (sellers)',
      blocks: [
        { p: 'Offers on your items are on the Received tab of [Offers](/me/offers). For each one you can:' },
        {
          list: [
            'Accept: the buyer then has 24 hours to pay, and the item is reserved for them meanwhile.',
            'Counter: answer with a price of your own. The buyer can pay your counter, or counter back.',
            'Decline: the buyer is told, and may make a new offer.',
          ],
        },
        { p: 'Other buyers\' offers stay pending while one is accepted, as backups: if the accepted buyer does not pay in time, you can accept another.' },
      ],
    },
    {
      heading: `The ${WINDOW_HOURS}-hour payment window`,
      blocks: [
        {
          list: [
            `An accepted offer must be paid within ${WINDOW_HOURS} hours. The buyer is reminded by email 4 hours before the end.`,
            'While the window runs, nobody else can buy the item or have another offer accepted.',
            `If the window ends unpaid, the offer expires. The seller can then Give More Time, which gives the buyer another ${WINDOW_HOURS} hours from that moment, or decline it and move on.`,
            'A buyer cannot delete an accepted offer: accepting your price means the seller holds the item for you, so please pay or talk to the seller.',
          ],
        },
      ],
    },
    {
      heading: 'When the item sells',
      blocks: [
        { p: 'Once an item is paid for, every other open offer on it closes and those buyers are told by email. If the seller removes the item, its open offers close too.' },
        { p: 'Offer emails can be turned off in [Settings](/settings) (the "offers" preference).' },
      ],
    },
  ],
};
