import type { HelpTopic } from '../document';

export const trades: HelpTopic = {
  id: 'trades',
  title: 'Trades',
  summary: 'What happens after a sale, and how buyers and sellers are expected to behave.',
  sections: [
    {
      heading: 'Community guidelines',
      blocks: [
        {
          list: [
            'Be respectful.',
            'No fake items: sell only what you own and describe it truthfully.',
            'Ship within 72 hours of payment.',
            'Communicate: answer messages and keep the other side posted.',
            'Be honest.',
          ],
        },
      ],
    },
    {
      heading: 'After the sale (sellers)',
      blocks: [
        {
          list: [
            'We email you when an item sells. The buyer\'s shipping address is in the payment\'s details in your PayPal account.',
            'Pack the item well and ship it within 72 hours of payment. Send the buyer the tracking number in chat.',
            'The sale shows on the Sold tab of [your items](/me).',
          ],
        },
      ],
    },
    {
      heading: 'After the sale (buyers)',
      blocks: [
        {
          list: [
            'You get a receipt by email, and the item shows on your Purchased tab.',
            'When the item arrives, leave feedback for the seller from the listing: it helps the next buyer.',
            'If it does not arrive or is not as described, talk to the seller first. If that fails, open a dispute with PayPal, which handles refunds for goods and services payments.',
          ],
        },
      ],
    },
    {
      heading: 'Trade counts',
      blocks: [
        { p: 'A profile\'s trade total is its sales here plus any trades transferred from Reddit (see [Linking Reddit](/help/linking-reddit)). The marketplace is not a party to your trade: buyer and seller deal with each other, and the payment goes straight to the seller.' },
      ],
    },
  ],
};
