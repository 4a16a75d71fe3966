/** Listing error codes the API answers in `message` (spec part 1 section 8); the web maps them to the spec's texts. */
export const ITEM_ERRORS = {
  fieldRequired: 'field_required',
  /** A text longer than its limit (details: `field`); the limits are below. */
  tooLong: 'too_long',
  price: 'price',
  /** A price above PRICE_MAX (answered after the spec's price rule). */
  priceTooHigh: 'price_too_high',
  emailFormat: 'email format',
  bothFalse: 'both_false',
  shippingRequired: 'shipping_required',
  photosRequired: 'photos_required',
  tooManyPhotos: 'too_many_photos',
  shippingPrice: 'shipping_price',
  /** Offer guardrails (issue 16): the auto-decline floor above the auto-accept price (field autoDeclineBelow). */
  autoOrder: 'auto_order',
  /** A guardrail at or above a Buy It Now price, which would decide offers a buyer would rather pay in full. */
  autoAbovePrice: 'auto_above_price',
  photoLink: 'photo_link',
  confirmEmail: 'confirm_email',
  smsVerificationInvalid: 'sms_verification_invalid',
  tooManyPosts: 'too_many_posts',
  tooManyUploads: 'too_many_uploads',
  notFound: 'not_found',
  itemSold: 'item_sold',
  offerPending: 'offer_pending',
  shippingLocked: 'shipping_locked',
  commentClosed: 'comment_closed',
  tooManyComments: 'too_many_requests',
  invalidImage: 'invalid_image',
  imgurFailed: 'imgur_failed',
  forbidden: 'forbidden',
  /** The timestamp code is missing beside its photo, or was not issued to this seller (issue 26). */
  timestampCode: 'timestamp_code',
  /** The timestamp photo is missing beside its code, or is not one of the listing's photos (issue 26). */
  timestampPhoto: 'timestamp_photo',
  /** An accepted trade holds the listing (issue 28): what the other side agreed to take cannot change meanwhile. */
  tradePending: 'trade_pending',
} as const;

export const MAX_PHOTOS = 16;
/** Spec 9: price, offer and counter inputs hold at most 8 characters. */
export const PRICE_MAX_LENGTH = 8;
/**
 * The highest listing or shipping price, in dollars. The 8-character rule alone allows $99,999,999, which the
 * integer cents columns cannot hold (their limit is $21,474,836.47); nothing on a keyboard marketplace costs more
 * than this (docs/decisions/0133-highest-price-1000000.md).
 */
export const PRICE_MAX = 1_000_000;
/**
 * Text limits, in characters (docs/decisions/0135-text-limits.md): room for any real listing, a bound on every page
 * and index.
 */
export const ITEM_NAME_MAX = 100;
export const ITEM_DESCRIPTION_MAX = 10_000;
export const COMMENT_MAX = 1_000;
/** The payment email: the longest address SMTP allows. */
export const EMAIL_MAX = 254;
/** Listings per account per rolling 24 hours (spec 9, "may change": LISTING_LIMIT_PER_DAY). */
export const DEFAULT_LISTINGS_PER_DAY = 10;
/** The two hosts photo links may point at (spec 5 and help text). */
export const PHOTO_LINK_HOSTS = ['i.imgur.com', 'i.redd.it'] as const;
