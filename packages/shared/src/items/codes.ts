/** Listing error codes the API answers in `message` (spec part 1 section 8); the web maps them to the spec's texts. */
export const ITEM_ERRORS = {
  fieldRequired: 'field_required',
  price: 'price',
  emailFormat: 'email format',
  bothFalse: 'both_false',
  shippingRequired: 'shipping_required',
  photosRequired: 'photos_required',
  tooManyPhotos: 'too_many_photos',
  shippingPrice: 'shipping_price',
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
} as const;

export const MAX_PHOTOS = 16;
/** Spec 9: price, offer and counter inputs hold at most 8 characters. */
export const PRICE_MAX_LENGTH = 8;
/** Listings per account per rolling 24 hours (spec 9, "may change": LISTING_LIMIT_PER_DAY). */
export const DEFAULT_LISTINGS_PER_DAY = 10;
/** The two hosts photo links may point at (spec 5 and help text). */
export const PHOTO_LINK_HOSTS = ['i.imgur.com', 'i.redd.it'] as const;
