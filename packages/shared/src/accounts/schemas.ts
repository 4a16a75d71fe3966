import { z } from 'zod';
import { ACCOUNT_ERRORS, BIO_MAX, CONTACT_MESSAGE_MAX, CONTACT_REASON_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './codes';
import { ERROR_CODES } from '../platform/codes';
import { WANT_ALERT_MODES } from '../wants/codes';

/** GET /api/me/logged-in */
export const SessionSchema = z.object({
  isLoggedIn: z.boolean(),
  username: z.string().optional(),
  userId: z.string().optional(),
});
export type Session = z.infer<typeof SessionSchema>;

/** GET /api/me/admin */
export const AdminStatusSchema = z.object({ p: z.boolean() });
export type AdminStatus = z.infer<typeof AdminStatusSchema>;

/** GET /api/me: the signed-in user's own profile stats. */
export const ProfileStatsSchema = z.object({
  _id: z.object({ admin: z.boolean() }),
  username: z.string(),
  avatar: z.string().nullable(),
  membershipType: z.string(),
  karma: z.number().int(),
});
export type ProfileStats = z.infer<typeof ProfileStatsSchema>;

/** GET /api/me/notifications (the notifications issue owns the counting). */
export const NotificationCountsSchema = z.object({
  numNewOffers: z.number().int(),
  numNewMessages: z.number().int(),
  /** Want matches the user has not seen (the Wants tab's badge; issue 16). */
  numNewWantMatches: z.number().int(),
  /**
   * Orders waiting on this user (issue 26): as seller, paid and not shipped; as buyer, shipped and not confirmed;
   * plus open problems on their orders. The /me Orders badge.
   */
  numOrdersToAct: z.number().int(),
  /**
   * Trades that moved since the user last opened the Trades tab (issue 28): as seller, proposals and counters
   * awaiting them; as proposer, what the seller or the system did. Also counted in numNewOffers (the /me/offers badge).
   */
  numNewTrades: z.number().int(),
});
export type NotificationCounts = z.infer<typeof NotificationCountsSchema>;

/**
 * Spec 5, email format: letters, digits, dots, underscores, hyphens (and +, see docs/decisions/0026-email-format.md),
 * @, a domain, a TLD of 2+ letters.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;

const isBlank = (value: string | undefined) => !value || value.trim() === '';

/** Sign-up normalisation (spec 5): whitespace anywhere in the username is removed; emails are lowercased. */
export const normaliseUsername = (username: string) => username.replace(/\s+/g, '');
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

type Rule = [failed: boolean, code: string, field: string];

/** Adds only the first failing rule, so the first rule in the spec's order decides the message. */
function firstFailing(rules: Rule[], ctx: z.RefinementCtx) {
  const failed = rules.find(([isFailed]) => isFailed);
  if (failed) ctx.addIssue({ code: 'custom', message: failed[1], path: [failed[2]] });
}

const text = z.string().optional().default('');

/** Username rules shared by sign-up and settings, after the required check. */
function usernameRules(username: string): Rule[] {
  const name = normaliseUsername(username);
  return [
    [name.length < USERNAME_MIN || !USERNAME_PATTERN.test(name), ACCOUNT_ERRORS.usernameShort, 'username'],
    [name.length > USERNAME_MAX, ACCOUNT_ERRORS.usernameLong, 'username'],
  ];
}

/** POST /api/signup, checked in the spec's order. */
export const SignupInputSchema = z
  .object({
    username: text,
    password: text,
    email: text,
    shippingRegion: text,
    captcha_token: z.string().optional(),
    ref: z.string().optional(),
  })
  .superRefine((v, ctx) =>
    firstFailing(
      [
        [isBlank(v.username), ACCOUNT_ERRORS.usernameRequired, 'username'],
        [v.password === '', ACCOUNT_ERRORS.passwordRequired, 'password'],
        [isBlank(v.email), ACCOUNT_ERRORS.emailRequired, 'email'],
        [!EMAIL_PATTERN.test(v.email.trim()), ACCOUNT_ERRORS.emailFormat, 'email'],
        [v.password.length < PASSWORD_MIN, ACCOUNT_ERRORS.invalidPassword, 'password'],
        [isBlank(v.shippingRegion), ACCOUNT_ERRORS.shippingRegionRequired, 'shippingRegion'],
        ...usernameRules(v.username),
      ],
      ctx,
    ),
  )
  .transform((v) => ({ ...v, username: normaliseUsername(v.username), email: normaliseEmail(v.email) }));
export type SignupInput = z.input<typeof SignupInputSchema>;

/** POST /api/login: `username` is a username or an email. */
export const LoginInputSchema = z
  .object({ username: text, password: text, captcha_token: z.string().optional() })
  .superRefine((v, ctx) =>
    firstFailing(
      [
        [isBlank(v.username), ACCOUNT_ERRORS.usernameRequired, 'username'],
        [v.password === '', ACCOUNT_ERRORS.passwordRequired, 'password'],
      ],
      ctx,
    ),
  )
  .transform((v) => ({ ...v, username: v.username.trim() }));
export type LoginInput = z.input<typeof LoginInputSchema>;

/** The ten email-notification flags (spec 3). */
export const EMAIL_PREFERENCE_KEYS = [
  'itemSell',
  'offers',
  'updates',
  'messages',
  'offerSavedItem',
  'soldSavedItem',
  'updatedSavedItem',
  'removedSavedItem',
  'followedSellerListed',
  'itemComments',
] as const;
export type EmailPreferenceKey = (typeof EMAIL_PREFERENCE_KEYS)[number];
export const EmailPreferencesSchema = z.object(
  Object.fromEntries(EMAIL_PREFERENCE_KEYS.map((k) => [k, z.boolean()])) as Record<EmailPreferenceKey, z.ZodBoolean>,
);
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;

/** POST /api/me/account. The re-entered email is checked on the client ('Emails must match'). */
export const AccountUpdateInputSchema = z
  .object({
    profilePhoto: z.string().optional(),
    username: text,
    bio: z.string().max(BIO_MAX, { error: ACCOUNT_ERRORS.tooLong }).optional().default(''),
    email: z.string().optional(),
    shippingRegion: text,
    emailPreferences: EmailPreferencesSchema.partial().optional(),
    /** How want matches are mailed (issue 16); left out, it stays as it is. */
    wantAlerts: z.enum(WANT_ALERT_MODES, { error: ERROR_CODES.badRequest }).optional(),
    /** Needed only when `email` changes an account that has a password: a stolen session cannot move the address. */
    currentPassword: z.string().optional(),
  })
  .superRefine((v, ctx) =>
    firstFailing(
      [
        [isBlank(v.username), ACCOUNT_ERRORS.usernameRequired, 'username'],
        ...usernameRules(v.username),
        [isBlank(v.shippingRegion), ACCOUNT_ERRORS.shippingRegionRequired, 'shippingRegion'],
        [v.email !== undefined && isBlank(v.email), ACCOUNT_ERRORS.emailRequired, 'email'],
        [v.email !== undefined && !EMAIL_PATTERN.test(v.email.trim()), ACCOUNT_ERRORS.emailFormat, 'email'],
      ],
      ctx,
    ),
  )
  .transform((v) => ({ ...v, username: normaliseUsername(v.username), email: v.email === undefined ? undefined : normaliseEmail(v.email) }));
export type AccountUpdateInput = z.input<typeof AccountUpdateInputSchema>;

/** A user's shipping region as profiles and settings show it. */
export const ShippingRegionSchema = z.object({ code: z.string(), name: z.string() });

/** The linked-forum object of settings and profiles (spec 3): the forum username, join time and trade count. */
export const ForumLinkSchema = z.object({
  isLinked: z.boolean(),
  username: z.string().optional(),
  timeJoined: z.string().optional(),
  transactions: z.object({ count: z.number().int(), isTransferred: z.boolean() }),
});

/** GET /api/me/settings */
export const SettingsSchema = z.object({
  _id: z.object({
    _id: z.string(),
    email: z.string(),
    didConfirmEmail: z.boolean(),
    emailPreferences: EmailPreferencesSchema,
    googleId: z.string().optional(),
    facebookId: z.string().optional(),
    /** False for a Google or Facebook account that never set one: it has no password to change. */
    hasPassword: z.boolean(),
  }),
  username: z.string(),
  bio: z.string(),
  avatar: z.string().nullable(),
  shippingRegion: ShippingRegionSchema.nullable(),
  reddit: ForumLinkSchema,
  referralLink: z.string(),
  /** Want-list alerts (issue 16): a mail per match, or one daily digest. */
  wantAlerts: z.enum(WANT_ALERT_MODES),
  /**
   * Issue 29: away mode, until then (ISO), or null when not away. The API always answers it; optional only so
   * screens and fixtures written before it stay valid.
   */
  awayUntil: z.string().nullable().optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

/** One thing that keeps an account from being removed (409 open_deals, issue 36), with the page to end it on. */
export interface OpenDeal {
  kind: 'trade' | 'offer' | 'checkout' | 'order';
  id: string;
  itemId: string;
  itemName: string;
  /** The app's own path: the trade, the offers tab, the item page or the order. */
  link: string;
}

/** POST /api/me/remove */
export const RemoveAccountInputSchema = z
  .object({ password: text })
  .superRefine((v, ctx) => firstFailing([[v.password === '', ACCOUNT_ERRORS.expectedFields, 'password']], ctx));

/** POST /api/me/password: the current password, then the new one with the sign-up rule. */
export const ChangePasswordInputSchema = z.object({ currentPassword: text, password: text }).superRefine((v, ctx) =>
  firstFailing(
    [
      [v.currentPassword === '', ACCOUNT_ERRORS.passwordRequired, 'currentPassword'],
      [v.password === '', ACCOUNT_ERRORS.passwordRequired, 'password'],
      [v.password.length < PASSWORD_MIN, ACCOUNT_ERRORS.invalidPassword, 'password'],
    ],
    ctx,
  ),
);
export type ChangePasswordInput = z.input<typeof ChangePasswordInputSchema>;

/** POST /api/password/forgot */
export const ForgotPasswordInputSchema = z.object({ email: text }).superRefine((v, ctx) =>
  firstFailing(
    [
      [isBlank(v.email), ACCOUNT_ERRORS.emailRequired, 'email'],
      [!EMAIL_PATTERN.test(v.email.trim()), ACCOUNT_ERRORS.emailFormat, 'email'],
    ],
    ctx,
  ),
);

/** POST /api/password/{token}/reset */
export const ResetPasswordInputSchema = z.object({ password: text }).superRefine((v, ctx) =>
  firstFailing(
    [
      [v.password === '', ACCOUNT_ERRORS.passwordRequired, 'password'],
      [v.password.length < PASSWORD_MIN, ACCOUNT_ERRORS.invalidPassword, 'password'],
    ],
    ctx,
  ),
);

/** POST /api/confirm-email */
export const ConfirmEmailInputSchema = z.object({ token: text }).superRefine((v, ctx) =>
  firstFailing([[isBlank(v.token), ACCOUNT_ERRORS.invalidToken, 'token']], ctx),
);

/** POST /api/request-access */
export const RequestAccessInputSchema = ForgotPasswordInputSchema;

/** POST /api/contact */
export const ContactInputSchema = z
  .object({ email: text, reason: text, message: text })
  .superRefine((v, ctx) =>
    firstFailing(
      [
        [isBlank(v.email), ACCOUNT_ERRORS.emailRequired, 'email'],
        [!EMAIL_PATTERN.test(v.email.trim()), ACCOUNT_ERRORS.emailFormat, 'email'],
        [isBlank(v.reason), ACCOUNT_ERRORS.reasonRequired, 'reason'],
        [isBlank(v.message), ACCOUNT_ERRORS.messageRequired, 'message'],
        [v.reason.trim().length > CONTACT_REASON_MAX, ACCOUNT_ERRORS.tooLong, 'reason'],
        [v.message.trim().length > CONTACT_MESSAGE_MAX, ACCOUNT_ERRORS.tooLong, 'message'],
      ],
      ctx,
    ),
  );

/** GET /api/auth/providers: which sign-in buttons to show. */
export const AuthProvidersSchema = z.object({
  google: z.object({ clientId: z.string() }).nullable(),
  facebook: z.boolean(),
  reddit: z.boolean(),
  recaptcha: z.object({ siteKey: z.string() }).nullable(),
});
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;
