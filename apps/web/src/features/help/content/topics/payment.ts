import type { HelpTopic } from '../document';

export const payment: HelpTopic = {
  id: 'payment',
  title: 'Payment',
  summary: 'How paying works, why it always goes through checkout, and what it costs.',
  sections: [
    {
      heading: 'How to pay',
      blocks: [
        {
          steps: [
            'Press Purchase on a fixed-price listing, or Pay Now on an accepted or countered offer in [Offers](/me/offers).',
            'You are taken to PayPal, where you log in, choose how to pay and the address the item ships to.',
            'Back on the marketplace, check the amount and press Complete Purchase. Nothing is charged until you do.',
          ],
        },
        { p: 'While you are at PayPal the item is held for you for 30 minutes, and other buyers see Payment Pending. You can hold two items at a time this way; and after leaving the checkout of one item three times within an hour, you wait before holding it again.' },
      ],
    },
    {
      heading: 'Goods and services, through checkout',
      blocks: [
        { p: 'Every payment goes through checkout to the seller\'s PayPal account as a payment for goods and services. That is what gives the buyer PayPal\'s purchase protection if an item never arrives or is not as described, and what tells both of you that the sale is recorded here.' },
        { p: 'Never pay or ask to be paid any other way. In chat we warn the other person when a message asks for:' },
        {
          list: [
            'PayPal Friends & Family ("F&F", "send it as a gift", "personal payment"): it has no buyer protection, which is exactly why scammers ask for it, often "to save fees".',
            'Venmo, Cash App or a $cashtag, Zelle, Chime, Apple Pay or Google Pay, Revolut, Interac e-Transfer, Western Union or MoneyGram.',
            'A bank transfer, wire, IBAN or routing number.',
            'Crypto (Bitcoin, Ethereum, USDT and others, or a wallet address).',
            'Gift cards, mailed cash, or "paying directly" or "off the site".',
          ],
        },
        { p: 'Plain PayPal and "G&S" are fine: that is what checkout uses. A warning never blocks a message; it is there so you can stop and think. See also [Staying Safe](/help/safety).' },
      ],
    },
    {
      heading: 'Fees',
      blocks: [
        { p: 'The marketplace charges no listing, selling or buying fees. PayPal charges the seller its usual fee for goods and services payments after a sale.' },
      ],
    },
    {
      heading: 'Refunds and problems',
      blocks: [
        {
          list: [
            'Refunds are made at PayPal: the seller refunds from their PayPal account, and a buyer who cannot agree with a seller can open a dispute with PayPal.',
            'If PayPal declines your card or funding source, you are sent back to PayPal to choose another.',
            'If the seller\'s PayPal account cannot receive the payment, you see Problem With Payment; nothing is charged. Tell the seller in chat.',
          ],
        },
      ],
    },
  ],
};
