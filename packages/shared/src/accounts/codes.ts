/**
 * Account error codes the API answers in `message` (spec part 1 section 8, part 2 section 8). The web maps them
 * to the spec's texts. Client-side rule codes share this list, so one schema serves both sides.
 */
export const ACCOUNT_ERRORS = {
  // Field rules, in the spec's order.
  usernameRequired: 'invalid username',
  passwordRequired: 'password_required',
  emailRequired: 'email_required',
  emailFormat: 'email_format',
  invalidPassword: 'invalid_password',
  shippingRegionRequired: 'shipping_region_required',
  usernameShort: 'username_short',
  usernameLong: 'username_long',
  // Uniqueness and policy.
  usernameExists: 'username_exists',
  emailExists: 'email_exists',
  notApproved: 'not_found',
  teapot: 'teapot',
  smsVerificationInvalid: 'sms_verification_invalid',
  captchaFailed: 'captcha_failed',
  // Sign-in.
  invalidCredentials: 'invalid_password',
  tooManyAttempts: 'too_many_attempts',
  facebookLogin: 'facebook_login',
  googleLogin: 'google_login',
  // Session and account.
  mustLogin: 'must login',
  expectedFields: 'expected_fields',
  /** The signed-in user's own password, asked again before a sensitive change, was wrong (the session stays). */
  incorrectPassword: 'incorrect_password',
  invalidToken: 'invalid_token',
  emailsMustMatch: 'emails_must_match',
  federatedEmail: 'federated_email',
  // Federated sign-in and forum link.
  googleFailed: 'google_failed',
  facebookFailed: 'facebook_failed',
  redditLinked: 'reddit_linked',
  redditFailed: 'reddit_failed',
  redditNotLinked: 'reddit_not_linked',
  // Phone verification.
  invalidPhone: 'invalid_phone',
  codeAlreadySent: 'code_already_sent',
  /** 429 with `timeLeft` (seconds): the number or the asker has had its texts for now, and no code is on its way. */
  tooManyTexts: 'too_many_texts',
  codeExpired: 'code_expired',
  smsFailed: 'sms_failed',
  /** The number already verifies another account: one account per number at a time. */
  phoneInUse: 'phone_in_use',
  /**
   * Issue 36: POST /api/me/remove while money or a parcel is in play (409, details `open`: OpenDeal[]): an accepted
   * trade, an unpaid accepted offer, a checkout in progress or an order not yet received.
   */
  openDeals: 'open_deals',
  // Contact form.
  reasonRequired: 'reason_required',
  messageRequired: 'message_required',
  /** A text longer than its limit (details: `field`). */
  tooLong: 'too_long',
} as const;

/** Names that would impersonate the team: refused at sign-up ('teapot') and never derived for federated accounts. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set(['admin', 'administrator', 'moderator', 'mod', 'support', 'keebmarket', 'root', 'system', 'staff']);

export type AccountErrorCode = (typeof ACCOUNT_ERRORS)[keyof typeof ACCOUNT_ERRORS];

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const BIO_MAX = 500;
/**
 * Contact form limits (docs/decisions/0135-text-limits.md): the web form's own maxLength, now enforced on the
 * server too.
 */
export const CONTACT_REASON_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5_000;
/**
 * Login lockout (spec: 5 minutes); the attempt threshold is ours, see
 * docs/decisions/0269-sign-in-lockout-that-strangers-cannot-trigger.md.
 */
export const LOCKOUT_MINUTES = 5;
export const LOCKOUT_ATTEMPTS = 5;
export const SMS_CODE_LENGTH = 6;
