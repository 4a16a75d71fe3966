import { PRODUCT_NAME } from '../../../../lib/site';
import type { Section } from '../document';

/**
 * Privacy policy. Kept true to the code: the cookies (platform/session.ts `sid`, platform/xsrf.ts `XSRF-TOKEN`,
 * modules/accounts/known-device.ts `known_device`), the
 * local storage keys (lib/storage-keys.ts), what account removal erases (modules/accounts/repo.ts scrubUser), the
 * email preferences and the outside services. Change it with them.
 */
export const PRIVACY: Section[] = [
  {
    heading: '1. Who we are',
    blocks: [
      { p: `${PRODUCT_NAME} runs this marketplace and decides how the information described here is used. This policy explains what we collect, why, who else receives it, how long we keep it and the choices you have. Questions: write to us from the [About](/about) page.` },
    ],
  },
  {
    heading: '2. What you give us',
    blocks: [
      {
        list: [
          'Account: username, email address, password (we store only a one-way hash, never the password itself), shipping region, and optionally a bio and a profile photo. If someone invited you, we record who.',
          'Sign-in with Google or Facebook: the account id and email address the provider gives us.',
          'Phone verification: your phone number and when it was verified. The code we text you is stored only as a hash and expires after 10 minutes.',
          'Reddit link: your Reddit username, the date you joined Reddit and the trade count from your r/mechmarket flair. We keep no Reddit password or access token.',
          'What you post: listings (with the PayPal email you enter as payment email, shown only to you), photos, comments, saved items, the sellers you follow, offers and their history, chat messages, feedback, blog comments and giveaway entries (including the full name you enter).',
          'Messages to us: the contact form (your email, reason and message) and reports about conversations, listings or users.',
        ],
      },
    ],
  },
  {
    heading: '3. What we record as you use the marketplace',
    blocks: [
      {
        list: [
          'Purchases: the item, price, shipping price and region, the seller\'s payment email, PayPal\'s order and capture ids, the payment status and times, and the notices PayPal sends us about the payment. We never receive your card or bank details, and your shipping address stays at PayPal, which shows it to the seller.',
          'Activity that makes features work: when you last opened Offers and Chats (for the badges), karma awards, and whether a chat message triggered a scam warning.',
          'Security: counters for sign-in attempts and request rates, keyed by account and by IP address, kept for minutes to a day.',
          'Logs: for each request to our server, its method, the page or call (with tokens and codes removed), the response status and how long it took, and errors. Logs never contain passwords, cookies or the contents of your messages.',
        ],
      },
    ],
  },
  {
    heading: '4. Cookies and local storage',
    blocks: [
      { p: 'We use three cookies, all needed for the site to work, and no advertising or tracking cookies:' },
      {
        list: [
          'sid: keeps you signed in. Set only when you sign in (or start a Google, Facebook or Reddit sign-in), not readable by scripts, and kept for 30 days from your last visit unless you log out.',
          'XSRF-TOKEN: a random token that proves a request came from our own pages, protecting your account from cross-site request forgery. It lasts until you close your browser.',
          'known_device: set when you sign in, sign up or reset your password, not readable by scripts, and kept for a year. It tells us this browser has signed in to your account before, so strangers guessing your password elsewhere cannot lock you out of it.',
        ],
      },
      { p: 'Your browser\'s local storage, which never leaves your device, remembers: how lists are shown and sorted (viewStyle, sort), your feed filters (categoryFilter, regionFilter, filterSaleType, filter), that you accepted the cookie notice (cookiesAccepted) and that the Create An Account prompt was shown (createAccountModalShown). During a Google or Facebook sign-in, the page you came from is kept in session storage (socialSignInReturnUrl) until you are back.' },
    ],
  },
  {
    heading: '5. Why we use it',
    blocks: [
      {
        list: [
          'To run your account and the marketplace: show listings, process offers and payments, deliver messages, and keep the trade history buyers and sellers rely on.',
          'To keep members safe: review listings, verify emails and phone numbers, detect scams in chat, enforce rate limits, and investigate reports.',
          'To email you (see below).',
          'To fix problems and keep the service fast, using the logs.',
        ],
      },
      { p: 'We do not sell your information, show ads, or build advertising profiles.' },
    ],
  },
  {
    heading: '6. What other members see',
    blocks: [
      { p: 'Your username, profile photo, bio, shipping region, karma, trade count, followers and following, Reddit username and join date (if linked), your listings, comments and feedback are public. Your messages are seen by the person you write to. Your email address, phone number, payment email and purchases are not shown to other members; a buyer you sell to sees your PayPal details at PayPal when they pay.' },
    ],
  },
  {
    heading: '7. Emails we send',
    blocks: [
      { p: 'Always sent: email confirmation links, password reset links, and the receipt when you buy. The others follow your email preferences in [Settings](/settings):' },
      {
        list: [
          'itemSell: your item sold.',
          'offers: offers on your items and answers to your offers, payment window reminders and expiries.',
          'updates: product news, off until you turn it on.',
          'messages: a chat message left unread for 15 minutes.',
          'offerSavedItem, soldSavedItem, updatedSavedItem, removedSavedItem: an item you saved got an offer, sold, changed or was removed.',
          'followedSellerListed: a seller you follow has a new listing on sale.',
          'itemComments: someone commented on your listing.',
        ],
      },
      { p: 'When a moderator does not approve your listing, we email you so you can fix it.' },
    ],
  },
  {
    heading: '8. Services we share information with',
    blocks: [
      {
        list: [
          'PayPal, to take payments: the item name and our item id, the price and shipping, and the seller\'s payment email. You log in and pay on PayPal\'s own pages, under PayPal\'s privacy policy.',
          'Google reCAPTCHA, a bot check on sign-up and sign-in: it runs in your browser and Google receives information about your device and how you use the page.',
          'Google and Facebook, only if you sign in with them; Reddit, only if you link your account.',
          'Imgur, when you list with an Imgur album: we look up the album\'s images. Photos you link from Imgur or Reddit are loaded by visitors\' browsers straight from those sites.',
          'Our SMS provider, which receives your phone number and the code when you verify a phone; our email provider, which delivers our mails.',
          'Authorities, when the law requires it, or to protect members from fraud or harm.',
        ],
      },
    ],
  },
  {
    heading: '9. How long we keep it, and removing your account',
    blocks: [
      { p: 'We keep your information while your account exists. You can remove your account in [Settings](/settings). When you do:' },
      {
        list: [
          'While a trade, an accepted offer, a checkout or an order of yours is still open, your account cannot be removed yet: Settings lists each, with a link to finish or cancel it. Trades and offers that were only proposed are closed, and the other side is told.',
          'Your username, email address, password, profile photo, bio, phone number, mailing address, shipping region, away date and Google or Facebook ids are erased, and your username and email become free for others.',
          'Your Reddit link is deleted, every session is signed out, and your unsold listings leave the marketplace.',
          'Kept without your name (shown as "User Not Found"): messages you sent (the other person still has the conversation), comments, feedback, offers, and the records of items you sold or bought, because the other party and any payment dispute rely on them. The address an order of yours was shipped to stays on that order for its seller for 90 days after it closed, as for every order, and is erased with your account after that.',
        ],
      },
      { p: 'Sessions end after 30 days without a visit; sign-in and rate counters expire within a day; confirmation links after 48 hours, password reset links after an hour; sent mail leaves our queue within an hour; logs are kept for a limited time to investigate problems.' },
    ],
  },
  {
    heading: '10. Your choices and rights',
    blocks: [
      {
        list: [
          'See and change your profile, email, region and email preferences in [Settings](/settings).',
          'Remove your account in Settings at any time.',
          'Ask us for a copy of your information, or ask a question or complain about how we use it, from the [About](/about) page. Depending on where you live, you may also complain to your data protection authority.',
        ],
      },
    ],
  },
  {
    heading: '11. Children',
    blocks: [
      { p: 'The marketplace is not for children under 13, and we do not knowingly collect their information. If you believe a child under 13 has an account, tell us and we will remove it.' },
    ],
  },
  {
    heading: '12. Security and changes',
    blocks: [
      { p: 'Connections are encrypted, passwords are hashed, cookies cannot be read by other sites, and uploaded photos are re-encoded with their metadata removed. No system is perfectly secure: use a unique password. We may update this policy; when a change matters we will show a notice or email you before it takes effect.' },
    ],
  },
];
