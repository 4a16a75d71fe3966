import { DEFAULT_LISTINGS_PER_DAY, PAYMENT_WINDOW_MS } from '@keeb/shared';
import { PRODUCT_NAME } from '../../../../lib/site';
import type { Section } from '../document';

const WINDOW_HOURS = PAYMENT_WINDOW_MS / 3_600_000;

/** Terms of Service: what the marketplace is and is not, and the rules every user agrees to. */
export const TERMS: Section[] = [
  {
    heading: '1. About these terms',
    blocks: [
      { p: `These terms govern your use of ${PRODUCT_NAME} (the "marketplace", "we", "us"): the website, its API and the emails it sends. By creating an account or using the marketplace you agree to them and to our [privacy policy](/legal?tab=privacy). If you do not agree, do not use the marketplace.` },
    ],
  },
  {
    heading: '2. Who may use the marketplace',
    blocks: [
      {
        list: [
          'You must be at least 13 years old. If you are under the age of majority where you live, you may use the marketplace only with the consent of a parent or guardian, who is responsible for your trades.',
          'You may not use the marketplace if we have removed your account before, or if the law where you live forbids it.',
        ],
      },
    ],
  },
  {
    heading: '3. Your account',
    blocks: [
      {
        list: [
          'Give accurate information and keep your email address current: we use it for confirmations, password resets and the notices you choose.',
          'One person, one account. Do not share, sell or transfer your account, and do not create accounts to get around a limit or a removal.',
          'Keep your password secret. You are responsible for what happens under your account until you tell us it has been compromised.',
          'A confirmed email is required to list and to buy. We may ask you to verify a phone number by text message before you list.',
          'You can remove your account at any time in Settings. What we keep afterwards is described in the privacy policy.',
        ],
      },
    ],
  },
  {
    heading: '4. What the marketplace is, and is not',
    blocks: [
      { p: 'The marketplace is a place where members list mechanical keyboards, keycaps, switches, parts and accessories, and where buyers and sellers find each other, negotiate and pay. We are not a party to any trade:' },
      {
        list: [
          'The contract of sale is between the buyer and the seller. We do not own, inspect, hold, ship or guarantee any item.',
          'Payments go from the buyer to the seller through PayPal. We never hold your money and cannot move it, refund it or reverse it.',
          'We review listings before they go on sale, but approval is not a promise that an item exists, works or matches its description.',
          'Karma, trade counts, badges and feedback help you judge other members; they are not guarantees.',
        ],
      },
    ],
  },
  {
    heading: '5. Listing items',
    blocks: [
      {
        list: [
          'List only items you own and can ship, one item per listing, described honestly with your own photos, including any flaws.',
          'Photos must be your own uploads or links to Imgur or Reddit\'s image host. Including a note with your username and the date is expected.',
          'Every listing is reviewed before it goes on sale; we may approve, reject or later remove any listing at our discretion.',
          `You may post up to ${DEFAULT_LISTINGS_PER_DAY} listings in any 24 hours; we may change this limit.`,
          'Shipping options cannot be changed after listing, and a listing cannot be removed while it has pending or accepted offers or a payment in progress.',
          'Not allowed: counterfeit, replica or fake items; stolen goods; items you do not have; anything illegal to sell or ship; listings that are only advertising, raffles or trades for other goods outside the checkout.',
        ],
      },
    ],
  },
  {
    heading: '6. Offers and buying',
    blocks: [
      {
        list: [
          'An offer is a real commitment to buy at that price plus the shipping shown for your region.',
          `When a seller accepts your offer, you must pay within ${WINDOW_HOURS} hours. The seller may give you another ${WINDOW_HOURS} hours, or decline once the window has passed.`,
          'A fixed-price Purchase, and paying an accepted or countered offer, completes the sale once PayPal confirms the payment.',
          'Sellers must honour a paid sale: once paid, the item is sold to that buyer.',
        ],
      },
    ],
  },
  {
    heading: '7. Payment and fees',
    blocks: [
      {
        list: [
          'All prices are in US dollars.',
          'Every payment must go through the marketplace\'s checkout to the seller\'s PayPal account as a payment for goods and services. Asking for or offering payment any other way (PayPal Friends & Family, other payment apps, bank transfer, crypto, gift cards, cash) is not allowed.',
          'The marketplace charges no listing, selling or buying fees. PayPal charges the seller its own fees after a sale, under PayPal\'s terms.',
          'Refunds, chargebacks and disputes are handled at PayPal, between the buyer, the seller and PayPal.',
        ],
      },
    ],
  },
  {
    heading: '8. Shipping and conduct between traders',
    blocks: [
      {
        list: [
          'Ship within 72 hours of payment, packed so the item arrives as described, and share tracking with the buyer.',
          'Be respectful, communicate, and be honest. No fake items.',
          'Keep trade conversations in the marketplace chat. Do not use the chat, comments or profiles for spam, harassment, hate, threats, or to collect other members\' contact details.',
        ],
      },
    ],
  },
  {
    heading: '9. Things you must not do',
    blocks: [
      {
        list: [
          'Scam, mislead or impersonate anyone, including our team.',
          'Manipulate karma, trade counts, feedback, offers or the feed (for example with extra accounts or fake sales).',
          'Use bots, scrapers or scripts beyond normal use, get around rate limits, bot checks or verification, or interfere with the marketplace\'s security.',
          'Upload content that is illegal, infringes someone else\'s rights, or contains malware.',
        ],
      },
    ],
  },
  {
    heading: '10. Your content',
    blocks: [
      { p: 'You keep the rights to what you post: listings, photos, comments, messages, feedback and your profile. You give us a worldwide, non-exclusive, royalty-free licence to store, display, resize and share that content as needed to run and promote the marketplace. The licence ends when the content is removed, except for copies kept as described in the privacy policy and content others have already reused (for example a quoted message in a report).' },
    ],
  },
  {
    heading: '11. Moderation and termination',
    blocks: [
      { p: 'We may remove content, reject listings, limit features or suspend or remove accounts that break these terms or put other members at risk, with or without notice. Reports from members (in chat, on listings and profiles) are reviewed by our team. You may stop using the marketplace and remove your account at any time.' },
    ],
  },
  {
    heading: '12. Linked services',
    blocks: [
      { p: 'Signing in with Google or Facebook, linking a Reddit account, hosting photos on Imgur or Reddit, and paying with PayPal are governed by those services\' own terms as well as ours. We are not responsible for them.' },
    ],
  },
  {
    heading: '13. Disclaimers and liability',
    blocks: [
      { p: 'The marketplace is provided "as is" and "as available", without warranties of any kind. To the extent the law allows, we are not liable for items, payments, shipping, or anything members do or fail to do, nor for indirect or consequential losses. Where liability cannot be excluded, it is limited to the greater of the fees you paid us in the last 12 months (which is zero: we charge none) and 50 US dollars. Nothing in these terms limits rights you have under consumer law that cannot be waived.' },
    ],
  },
  {
    heading: '14. Changes and contact',
    blocks: [
      { p: 'We may update these terms. When a change matters, we will show a notice on the site or email you before it takes effect; continuing to use the marketplace afterwards means you accept the new terms. Questions about these terms: write to us from the [About](/about) page.' },
    ],
  },
];
