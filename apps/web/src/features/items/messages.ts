import { COMMENT_MAX, ERROR_CODES, formatCount, ITEM_DESCRIPTION_MAX, ITEM_ERRORS, ITEM_NAME_MAX, LOOKING_FOR_MAX, MAX_PHOTOS, PHOTO_LINK_HOSTS, PRICE_MAX } from '@keeb/shared';
import { isApiError } from '../../lib/api-error';
import { isSpecError, specErrorText } from '../../lib/specs';
import { STORAGE_UNAVAILABLE_TEXT } from '../../lib/photo-store';

/** The spec's texts for listing, item detail and approvals, verbatim (part 1 sections 2.8, 2.9, 4, 5, 8). */
export const TEXTS = {
  categoryRequired: 'Category required',
  nameRequired: 'Name required',
  descriptionRequired: 'Description required',
  priceRequired: 'Price required',
  // Our limits (docs/decisions/0135-text-limits.md), worded like the spec's 'Username cannot be more than 30
  // characters'.
  nameTooLong: `Name cannot be more than ${ITEM_NAME_MAX} characters`,
  descriptionTooLong: `Description cannot be more than ${formatCount(ITEM_DESCRIPTION_MAX)} characters`,
  lookingForTooLong: `Looking for cannot be more than ${LOOKING_FOR_MAX} characters`,
  tradePendingEdit: 'A trade of this item is pending: it cannot be edited until the trade is cancelled.',
  priceTooHigh: `Price cannot be more than $${formatCount(PRICE_MAX)}`,
  commentTooLong: `Comments cannot be more than ${formatCount(COMMENT_MAX)} characters`,
  emailFormatting: 'Email formatting incorrect',
  offersOrBuyItNow: 'Must Accept Offers or have Buy It Now price',
  shippingRequired: 'Must select at least one shipping region',
  photosRequired: 'Must have at least one photo',
  tooManyPhotos: `Only select up to ${MAX_PHOTOS} photos!`,
  shippingPrices: 'Shipping prices must be numbers',
  missingFields: 'Missing fields required',
  bothFalse: 'Must Accept Offers or have Buy It Now',
  confirmEmailToList: 'You must confirm your email before you list an item',
  somethingWentWrong: 'Something went wrong',
  tooManyPosts: 'You have listed too many items in the past 24hrs.',
  tooManyUploads: "You've gone crazy with the photo uploads in the past 24 hours.",
  invalidImage: 'That photo could not be read. Try another one.',
  photoTooLarge: 'That photo is too large. Try a smaller one.',
  storageUnavailable: STORAGE_UNAVAILABLE_TEXT,
  photoType: 'Photo must be .jpg or .png',
  photoLinkRequired: 'Photo link required',
  photoLinkHttps: 'Photo links must follow https:// protocol',
  photoLinkHost: `Photo links may only go to ${PHOTO_LINK_HOSTS.join(' or ')}`,
  albumNotFound: 'Imgur album not found. Make sure to copy/paste album hash (case-sensitive)',
  zeroShipping: 'shipping at no cost to the buyer, are you sure?',
  shippingLocked: 'Shipping options cannot be edited after listing.',
  confirmEmailToSell: 'Confirm your email to sell',
  verificationLinkSent: 'Verification Link Sent',
  pendingApproval: 'Your listing is awaiting approval. Please allow up to 24 hours to be reviewed.',
  rejected: 'Your listing was not approved. Refer to the email you received for next steps',
  notApprovedViewer: 'This listing is awaiting approval and is not for sale yet.',
  // A rejected listing may come back after its seller edits it; visitors only learn that it is not on sale.
  rejectedViewer: 'This listing is not for sale.',
  commentsClosed: 'Commenting no longer allowed on this item.',
  tooManyComments: 'You are commenting too much. You can comment again in 24 hours',
  cannotRemove: 'An item cannot be removed while it has accepted or pending offers.',
  doesNotShip: 'Seller does not ship to your region',
  itemRemoved: 'Item Removed',
  offerPriceNumber: 'Offer price must be a number',
  offerTooHigh: `Offer price cannot be more than $${formatCount(PRICE_MAX)}`,
  // Our texts for the server's offer refusals (docs/decisions/0170-every-offer-action-is-confirmed.md).
  offerExists: 'You already have a pending offer on this item. Find it under Offers, Sent.',
  ownItemOffer: 'You cannot make an offer on your own item.',
  notTakingOffers: 'This item is no longer taking offers.',
  regionNeeded: 'Choose your shipping region to make an offer:',
  offerSent: 'Offer Sent',
  confirmEmailToBuy: 'You must confirm your email before you can buy an item or make an offer.',
  noApprovals: 'No items awaiting approval',
  // Offer guardrails (issue 16): ours.
  guardrailsPrivate: 'Private: buyers never see these.',
  autoOrder: 'The auto-decline price must be at most the auto-accept price.',
  autoAbovePrice: 'Must be below your fixed price.',
  // Never the floor itself: a buyer told it would offer exactly that.
  offerAutoDeclined: 'The seller declined this offer automatically. You can offer again.',
  offerAutoAccepted: 'Your offer was accepted.',
  // The timestamp photo (issue 26): ours.
  timestampTitle: 'Timestamp photo (optional)',
  timestampHowTo: 'Write this code on paper and photograph it with the item',
  timestampWhy: "Buyers see a 'Timestamped' mark once an admin has checked it. Then choose the photo that shows the code.",
  timestampMark: 'Timestamp photo',
  timestampCodeFailed: "We couldn't get your code. Reload the page to try again.",
  timestampInvalid: 'Choose the photo that shows your code again.',
  timestampCompare: 'Compare it with what is written on the paper in this photo.',
  // Offers to savers (issue 29): ours, beside the shared SELLER_TOOL_TEXTS.
  noSavers: 'Nobody has saved this item yet.',
  saverOfferNotAllowed: 'Only a listing on sale that takes offers can be offered to its savers.',
  saverOfferBelow: (price: string) => `Offer price must be below your price of ${price}`,
} as const;

const E = ITEM_ERRORS;

export const codeOf = (error: unknown) => (isApiError(error) ? error.code : '');

/** A listing rule's code (CreateItemInputSchema / UpdateItemInputSchema) and field to its text. */
export function listingRuleText(code: string, field: string | undefined): string {
  if (code === E.fieldRequired) {
    if (field === 'categoryId') return TEXTS.categoryRequired;
    if (field === 'name') return TEXTS.nameRequired;
    if (field === 'description') return TEXTS.descriptionRequired;
    if (field === 'payment') return TEXTS.emailFormatting;
    return TEXTS.missingFields;
  }
  if (code === E.tooLong) return field === 'description' ? TEXTS.descriptionTooLong : field === 'lookingFor' ? TEXTS.lookingForTooLong : TEXTS.nameTooLong;
  const texts: Record<string, string> = {
    [E.price]: TEXTS.priceRequired,
    [E.priceTooHigh]: TEXTS.priceTooHigh,
    [E.emailFormat]: TEXTS.emailFormatting,
    [E.bothFalse]: TEXTS.offersOrBuyItNow,
    [E.shippingRequired]: TEXTS.shippingRequired,
    [E.photosRequired]: TEXTS.photosRequired,
    [E.tooManyPhotos]: TEXTS.tooManyPhotos,
    [E.shippingPrice]: TEXTS.shippingPrices,
    [E.autoOrder]: TEXTS.autoOrder,
    [E.autoAbovePrice]: TEXTS.autoAbovePrice,
    [E.timestampCode]: TEXTS.timestampInvalid,
    [E.timestampPhoto]: TEXTS.timestampInvalid,
  };
  return texts[code] ?? TEXTS.somethingWentWrong;
}

/** What the server's answer to POST /item or PUT /item/{id} means for the form. */
export type ListingFailure =
  | { kind: 'field'; field: string | undefined; message: string }
  | { kind: 'blocked'; message: string }
  | { kind: 'phone' }
  | { kind: 'rate-limit'; message: string; timeLeft: number };

export function listingFailure(error: unknown): ListingFailure {
  const code = codeOf(error);
  const details = isApiError(error) ? error.details : {};
  const field = typeof details.field === 'string' ? details.field : undefined;
  // Issue 29: a spec the API refused names its field, `specs.<key>`.
  if (isSpecError(code)) return { kind: 'field', field, message: specErrorText(code, field) };
  switch (code) {
    case E.fieldRequired:
      return { kind: 'field', field, message: TEXTS.missingFields };
    case E.emailFormat:
      return { kind: 'field', field: field ?? 'payment', message: TEXTS.emailFormatting };
    case E.price:
      return { kind: 'field', field: field ?? 'price', message: TEXTS.priceRequired };
    case E.priceTooHigh:
      return { kind: 'field', field: field ?? 'price', message: TEXTS.priceTooHigh };
    case E.autoOrder:
      return { kind: 'field', field: field ?? 'autoDeclineBelow', message: TEXTS.autoOrder };
    case E.autoAbovePrice:
      return { kind: 'field', field: field ?? 'autoAcceptAt', message: TEXTS.autoAbovePrice };
    case E.tooLong:
      return { kind: 'field', field, message: listingRuleText(code, field) };
    case E.bothFalse:
      return { kind: 'field', field: field ?? 'offersAccepted', message: TEXTS.bothFalse };
    case E.shippingRequired:
    case E.shippingPrice:
      return { kind: 'field', field: field ?? 'shippingPrices', message: listingRuleText(code, field) };
    case E.photosRequired:
    case E.tooManyPhotos:
    case E.photoLink:
      return { kind: 'field', field: 'photos', message: code === E.photoLink ? TEXTS.photoType : listingRuleText(code, field) };
    case E.timestampCode:
    case E.timestampPhoto:
      return { kind: 'field', field: 'timestampPhoto', message: TEXTS.timestampInvalid };
    case E.confirmEmail:
      return { kind: 'blocked', message: TEXTS.confirmEmailToList };
    case E.tradePending:
      return { kind: 'blocked', message: TEXTS.tradePendingEdit };
    case E.smsVerificationInvalid:
      return { kind: 'phone' };
    case E.tooManyPosts: {
      const timeLeft = typeof details.timeLeft === 'number' ? details.timeLeft : 0;
      return { kind: 'rate-limit', message: TEXTS.tooManyPosts, timeLeft };
    }
    default:
      return { kind: 'blocked', message: TEXTS.somethingWentWrong };
  }
}

/** A failed photo upload's text. */
export function uploadErrorText(error: unknown): string {
  const code = codeOf(error);
  if (code === E.tooManyUploads) return TEXTS.tooManyUploads;
  if (code === E.invalidImage) return TEXTS.invalidImage;
  if (code === ERROR_CODES.payloadTooLarge) return TEXTS.photoTooLarge;
  if (code === ERROR_CODES.storageUnavailable) return TEXTS.storageUnavailable;
  return TEXTS.somethingWentWrong;
}

/** A failed album lookup's text. */
export function albumErrorText(error: unknown): string {
  return codeOf(error) === E.notFound ? TEXTS.albumNotFound : TEXTS.somethingWentWrong;
}

/** A failed comment's text. */
export function commentErrorText(error: unknown): string {
  const code = codeOf(error);
  if (code === E.commentClosed) return TEXTS.commentsClosed;
  if (code === E.tooManyComments) return TEXTS.tooManyComments;
  if (code === E.tooLong) return TEXTS.commentTooLong;
  return TEXTS.somethingWentWrong;
}
