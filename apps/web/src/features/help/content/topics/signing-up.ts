import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@keeb/shared';
import type { HelpTopic } from '../document';

export const signingUp: HelpTopic = {
  id: 'signing-up',
  title: 'Signing Up',
  summary: 'Create an account, confirm your email and get ready to trade.',
  sections: [
    {
      heading: 'Creating an account',
      blocks: [
        { p: 'Browsing, searching and reading listings, profiles, the blog and help need no account. To list, buy, make offers, save items, follow sellers, comment or message someone, [sign up](/signup).' },
        {
          list: [
            'With email: pick a username, a password, your email address and the region you ship from.',
            'With Google or Facebook: your email from that provider counts as confirmed, and you pick your shipping region afterwards in [Settings](/settings).',
          ],
        },
        { p: 'You must be at least 13 years old to use the marketplace.' },
      ],
    },
    {
      heading: 'Username and password rules',
      blocks: [
        {
          list: [
            `Usernames are ${USERNAME_MIN} to ${USERNAME_MAX} characters: letters, digits, underscores and hyphens. Spaces are removed. Names are unique without regard to case.`,
            `Passwords are at least ${PASSWORD_MIN} characters long.`,
            'You sign in with either your username or your email address.',
          ],
        },
      ],
    },
    {
      heading: 'Confirming your email',
      blocks: [
        { p: 'After signing up we send a confirmation link to your address. The link works for 48 hours. You need a confirmed email to list an item and to buy one.' },
        { p: 'No mail? Check your spam folder, then send a new link from [Settings](/settings). If you change your email, the new address has to be confirmed again.' },
      ],
    },
    {
      heading: 'Phone verification',
      blocks: [
        { p: 'Before your first listing we may ask you to verify a phone number: we text you a 6-digit code that works for 10 minutes. One phone number can verify one account at a time. It keeps throwaway accounts out of the marketplace; your number is never shown to anyone.' },
      ],
    },
    {
      heading: 'Inviting friends',
      blocks: [
        { p: 'Share the sign-up link with your username added, for example /signup?ref=yourname. When your friend confirms their email you earn referral karma (see [KeebKarma](/help/keebkarma)).' },
      ],
    },
  ],
};
