import { z } from 'zod';
import { COMMENT_MAX, EMAIL_MAX, ITEM_DESCRIPTION_MAX, ITEM_ERRORS, ITEM_NAME_MAX, MAX_PHOTOS, PRICE_MAX, PRICE_MAX_LENGTH } from './codes';
import { ITEM_SORTS } from './sorts';
import { dollarsToCents } from '../format/price';
import { RatingSummarySchema } from '../ratings/summary';
import { TrustSchema } from '../discovery/trust';
import { ListingTimestampSchema, TIMESTAMP_CODE_MAX } from './timestamp';
import { LOOKING_FOR_MAX } from '../trades/codes';
import { ERROR_CODES } from '../platform/codes';
import { ItemSpecsSchema, SpecQueryShape, checkItemSpecs, type ItemSpecs } from '../specs/schemas';
import { checkListFilterBounds, isCursorInstant } from './list-query-bounds';
import { LIST_FILTER_LIMITS } from './limits';

export const ShippingPriceSchema = z.object({ name: z.string(), code: z.string(), price: z.number() });
export type ShippingPrice = z.infer<typeof ShippingPriceSchema>;

export const SellerRefSchema = z.object({
  _id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});

/** One card of an item list (feed, search, profile, vault). Prices in dollars, times as ISO strings. */
export const ItemSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  priceSold: z.number().nullable(),
  thumbnail: z.string(),
  photos: z.array(z.string()),
  categoryId: z.string(),
  saleTypeId: z.string(),
  offersAccepted: z.boolean(),
  isFixedPrice: z.boolean(),
  timeListed: z.string(),
  likes: z.number().int(),
  sellerId: SellerRefSchema,
  /** Only on the vault's Saved tab: when the viewer saved it (that list's cursor). */
  savedAt: z.string().optional(),
  /** Whether the viewer saved it (the heart); present only when the viewer is signed in. */
  isFollowing: z.boolean().optional(),
  /** Only on the owner's Listed tab (/me), the one list holding listings not yet or not approved. */
  approvalStatus: z.enum(['pending', 'approved', 'rejected']).optional(),
  /**
   * Only on the owner's Sold and Purchased tabs (/me, issue 26): the item's order, where it stands and whether it
   * is late, so the card links to /me/orders/{id} and says 'Awaiting shipment', 'Shipped'... (null: no order).
   */
  order: z
    .object({ _id: z.string(), status: z.enum(['paid', 'shipped', 'received', 'problem', 'refunded']), late: z.boolean() })
    .nullable()
    .optional(),
  /** An approved listing whose seller added a timestamp photo (issue 26): the 'Timestamped' mark. */
  timestamped: z.boolean().optional(),
  /** The seller takes trades for it (issue 28): the card's 'Open to trades' badge. */
  openToTrades: z.boolean(),
  /** An accepted trade holds it while the trade is settled (issue 28): the card's 'Trade pending'. */
  tradePending: z.boolean(),
  /** Gone in a completed trade (issue 28): 'Traded', where a sale reads 'Sold for {price}'. */
  traded: z.boolean().optional(),
  /**
   * Only on the viewer's Saved tab (issue 29): the price was lowered after they saved it, in the last
   * SELLER_TOOL_LIMITS.priceDropShownDays days: 'Price dropped from {from} to {price}'. Null: no such drop.
   */
  priceDrop: z.object({ from: z.number(), at: z.string() }).nullable().optional(),
});
export type ItemSummary = z.infer<typeof ItemSummarySchema>;

/** The cents columns' limit, in dollars: a price cursor beyond it cannot match anything and cannot be compared. */
const PRICE_CURSOR_MAX = 21_474_836.47;
const INT_MAX = 2_147_483_647;

/**
 * A list cursor's timestamp: ISO 8601 with an offset, a real instant between the years 1 and 9999. JavaScript
 * reads year 0000 and leap seconds that PostgreSQL refuses, so they end here as 'invalid_cursor'.
 */
export const CursorTimestampSchema = z.iso
  .datetime({ offset: true, error: 'invalid_cursor' })
  .refine(isCursorInstant, { error: 'invalid_cursor' });

/**
 * GET /api/items query (also POST /api/searchItems, /api/me/items/*, /api/user/{id}/items/listed).
 * Cursors come from the last item of the previous page: `ts` its timeListed (its savedAt on the Saved tab),
 * `price` its price (price sorts), `likes` its likes (sort=rate), and `cursorId` its _id, the tie-breaker
 * that keeps items sharing a timestamp or a price from being skipped or repeated.
 * sort: def newest first, old oldest first, low/high by price, rate most saved (likes) first.
 */
export const ItemListQuerySchema = z.object({
  categoryIds: z.string().optional(),
  regions: z.string().optional(),
  saleType: z.string().optional(),
  searchText: z.string().max(LIST_FILTER_LIMITS.searchTextLength, { error: ERROR_CODES.tooLong }).optional(),
  sort: z.enum(ITEM_SORTS, { error: 'invalid_sort' }).optional(),
  ts: CursorTimestampSchema.optional(),
  price: z.coerce.number({ error: 'invalid_cursor' }).min(0, { error: 'invalid_cursor' }).max(PRICE_CURSOR_MAX, { error: 'invalid_cursor' }).optional(),
  likes: z.coerce.number({ error: 'invalid_cursor' }).int({ error: 'invalid_cursor' }).min(0, { error: 'invalid_cursor' }).max(INT_MAX, { error: 'invalid_cursor' }).optional(),
  cursorId: z.uuid({ error: 'invalid_cursor' }).optional(),
  /**
   * Only listings open to trades (issue 28): 'true' (a JSON body may send true); 'false' or absent is no filter,
   * and reads as absent, so the home feed's first page stays one query shape (and one cached page).
   */
  openToTrades: z
    .union([z.enum(['true', 'false']), z.boolean()], { error: ERROR_CODES.badRequest })
    .transform((v) => (v === true || v === 'true' ? true : undefined))
    .optional(),
  /**
   * Specs (issue 29), by their own names: `size=65%25,75%25&mounting=hot-swap` (a key's values separated by
   * commas, any of them will do; keys all apply). The values are checked against the lists by specFilterOf.
   */
  ...SpecQueryShape,
}).superRefine(checkListFilterBounds);
export type ItemListQuery = z.infer<typeof ItemListQuerySchema>;

/** GET /api/items/approval: `ts` is the last listing's timeListed. */
export const ApprovalQueueQuerySchema = z.object({ ts: CursorTimestampSchema.optional() });

const isBlankText = (value: unknown) => typeof value !== 'string' || value.trim() === '';
const LISTING_EMAIL = /^[A-Za-z0-9._+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Prices arrive as the client typed them (string or number): numeric, not zero, at most 8 characters. */
export const priceText = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '');
export const isPriceText = (text: string) => text !== '' && text.length <= PRICE_MAX_LENGTH && /^\d+(\.\d{1,2})?$/.test(text);
export const isPrice = (value: unknown) => isPriceText(priceText(value)) && Number(priceText(value)) > 0;
/** Shipping may be free; it may not pass PRICE_MAX either (the same cents column type). */
const isShippingPrice = (value: unknown) => isPriceText(priceText(value)) && Number(priceText(value)) <= PRICE_MAX;

/**
 * An offer guardrail as the seller typed it (issue 16), in dollars with the price's rules. Empty text or null
 * unsets it; left out of an edit, the stored one stays.
 */
const guardrailPrice = z.union([z.string(), z.number(), z.null()], { error: ITEM_ERRORS.price }).optional();
const isUnset = (value: unknown) => value === undefined || value === null || priceText(value) === '';
const guardrailCents = (value: unknown) => (isUnset(value) ? null : dollarsToCents(Number(priceText(value))));

/**
 * The guardrails against each other and the price, in cents (null = unset): the floor may not pass the auto-accept
 * price, and with Buy It Now neither may reach its price (the items_auto_* checks). Answers the first failing
 * [code, field]; the form's rules and an edit that keeps stored guardrails both ask it.
 */
export function guardrailProblem(g: { priceCents: number; isFixedPrice: boolean; autoDeclineBelowCents: number | null; autoAcceptAtCents: number | null }): [code: string, field: string] | undefined {
  const { priceCents, isFixedPrice, autoDeclineBelowCents: floor, autoAcceptAtCents: accept } = g;
  if (floor !== null && accept !== null && floor > accept) return [ITEM_ERRORS.autoOrder, 'autoDeclineBelow'];
  if (isFixedPrice && floor !== null && floor >= priceCents) return [ITEM_ERRORS.autoAbovePrice, 'autoDeclineBelow'];
  if (isFixedPrice && accept !== null && accept >= priceCents) return [ITEM_ERRORS.autoAbovePrice, 'autoAcceptAt'];
  return undefined;
}

const ItemInputBase = z.object({
  categoryId: z.string().optional().default(''),
  name: z.string().optional().default(''),
  description: z.string().optional().default(''),
  price: z.union([z.string(), z.number()]).optional(),
  payment: z.string().optional().default(''),
  offersAccepted: z.boolean().optional().default(false),
  isFixedPrice: z.boolean().optional().default(false),
  photos: z.array(z.string()).optional().default([]),
  shippingPrices: z.array(z.object({ code: z.string(), name: z.string().optional(), price: z.union([z.string(), z.number()]) })).optional().default([]),
  saleTypeId: z.string().optional(),
  autoDeclineBelow: guardrailPrice,
  autoAcceptAt: guardrailPrice,
  /**
   * The timestamp photo (issue 26, optional): both or neither; null or empty text removes it; left out of an edit,
   * the stored one stays while its photo does.
   */
  timestampCode: z.string().nullable().optional(),
  timestampPhoto: z.string().nullable().optional(),
  /**
   * Open to trades (issue 28) and what the seller would take ('Looking for: ...'). Left out of an edit, the stored
   * ones stay (a client that does not know them must not close a listing to trades); left out of a new listing,
   * not open, nothing looked for.
   */
  openToTrades: z.boolean({ error: ERROR_CODES.badRequest }).optional(),
  lookingFor: z.string({ error: ERROR_CODES.badRequest }).optional(),
  /**
   * Issue 29: the listing's specs, an object of the category's keys (packages/shared/src/specs/lists.ts). Left out
   * of an edit, the stored ones stay; {} or null removes them all. Checked against the category by checkItemSpecs.
   */
  specs: z.unknown().optional(),
});

const isBlankOrUnset = (value: string | null | undefined) => value === undefined || value === null || value.trim() === '';

type ItemRule = [failed: boolean, code: string, field: string];

function itemRules(v: z.output<typeof ItemInputBase>, creating: boolean): ItemRule[] {
  return [
    [isBlankText(v.categoryId), ITEM_ERRORS.fieldRequired, 'categoryId'],
    [isBlankText(v.name), ITEM_ERRORS.fieldRequired, 'name'],
    [v.name.trim().length > ITEM_NAME_MAX, ITEM_ERRORS.tooLong, 'name'],
    [isBlankText(v.description), ITEM_ERRORS.fieldRequired, 'description'],
    [v.description.trim().length > ITEM_DESCRIPTION_MAX, ITEM_ERRORS.tooLong, 'description'],
    [!isPrice(v.price), ITEM_ERRORS.price, 'price'],
    [Number(priceText(v.price)) > PRICE_MAX, ITEM_ERRORS.priceTooHigh, 'price'],
    [isBlankText(v.payment), ITEM_ERRORS.fieldRequired, 'payment'],
    [v.payment.trim().length > EMAIL_MAX || !LISTING_EMAIL.test(v.payment.trim()), ITEM_ERRORS.emailFormat, 'payment'],
    [!v.offersAccepted && !v.isFixedPrice, ITEM_ERRORS.bothFalse, 'offersAccepted'],
    [creating && v.shippingPrices.length === 0, ITEM_ERRORS.shippingRequired, 'shippingPrices'],
    [v.photos.length === 0, ITEM_ERRORS.photosRequired, 'photos'],
    [v.photos.length > MAX_PHOTOS, ITEM_ERRORS.tooManyPhotos, 'photos'],
    [creating && v.shippingPrices.some((s) => !isShippingPrice(s.price)), ITEM_ERRORS.shippingPrice, 'shippingPrices'],
    ...timestampRules(v),
    // Like the guardrails: what a listing closed to trades looks for is dropped, not judged.
    [v.openToTrades !== false && (v.lookingFor ?? '').trim().length > LOOKING_FOR_MAX, ITEM_ERRORS.tooLong, 'lookingFor'],
    // Guardrails only mean something on a listing that takes offers; without offers they are dropped, not judged.
    ...(v.offersAccepted ? guardrailRules(v) : []),
    ...specRules(v),
  ];
}

/** The specs against the category (the first problem names the field, 'specs.<key>'). */
function specRules(v: z.output<typeof ItemInputBase>): ItemRule[] {
  if (v.specs === undefined) return [];
  const checked = checkItemSpecs(v.categoryId.trim(), v.specs);
  return 'problem' in checked ? [[true, checked.problem[0], checked.problem[1]]] : [];
}

/** The specs as stored: undefined when an edit left them out (kept), else the checked object ({} removes all). */
function specsValue(v: z.output<typeof ItemInputBase>): ItemSpecs | undefined {
  if (v.specs === undefined) return undefined;
  const checked = checkItemSpecs(v.categoryId.trim(), v.specs);
  return 'specs' in checked ? checked.specs : {};
}

/** Both or neither; the photo one of the listing's own (whether the code is this seller's is the API's to check). */
function timestampRules(v: z.output<typeof ItemInputBase>): ItemRule[] {
  if (v.timestampCode === undefined && v.timestampPhoto === undefined) return [];
  const noCode = isBlankOrUnset(v.timestampCode);
  const noPhoto = isBlankOrUnset(v.timestampPhoto);
  if (noCode && noPhoto) return [];
  return [
    [noCode || v.timestampCode!.trim().length > TIMESTAMP_CODE_MAX, ITEM_ERRORS.timestampCode, 'timestampCode'],
    [noPhoto || !v.photos.includes(v.timestampPhoto!.trim()), ITEM_ERRORS.timestampPhoto, 'timestampPhoto'],
  ];
}

/** The timestamp as stored: { code, photo }, null to remove it, undefined when an edit left both out. */
function timestampValue(v: z.output<typeof ItemInputBase>) {
  if (v.timestampCode === undefined && v.timestampPhoto === undefined) return undefined;
  if (isBlankOrUnset(v.timestampCode) || isBlankOrUnset(v.timestampPhoto)) return null;
  return { code: v.timestampCode!.trim(), photo: v.timestampPhoto!.trim() };
}

/** What the listing looks for as stored: trimmed, '' when closed to trades, undefined when an edit left it out. */
function lookingForValue(v: z.output<typeof ItemInputBase>) {
  if (v.openToTrades === false) return '';
  return v.lookingFor === undefined ? undefined : v.lookingFor.trim();
}

function guardrailRules(v: z.output<typeof ItemInputBase>): ItemRule[] {
  const fields = ['autoDeclineBelow', 'autoAcceptAt'] as const;
  const problem = guardrailProblem({
    priceCents: dollarsToCents(Number(priceText(v.price))),
    isFixedPrice: v.isFixedPrice,
    autoDeclineBelowCents: guardrailCents(v.autoDeclineBelow),
    autoAcceptAtCents: guardrailCents(v.autoAcceptAt),
  });
  return [
    ...fields.map((f): ItemRule => [!isUnset(v[f]) && !isPrice(v[f]), ITEM_ERRORS.price, f]),
    ...fields.map((f): ItemRule => [!isUnset(v[f]) && Number(priceText(v[f])) > PRICE_MAX, ITEM_ERRORS.priceTooHigh, f]),
    [problem !== undefined, problem?.[0] ?? '', problem?.[1] ?? ''],
  ];
}

/** A guardrail as stored: dollars, null when unset (or the listing takes no offers), undefined when an edit left it out. */
const guardrailValue = (value: unknown, offersAccepted: boolean) =>
  !offersAccepted ? null : value === undefined ? undefined : isUnset(value) ? null : Number(priceText(value));

function itemInputSchema(creating: boolean) {
  return ItemInputBase.superRefine((v, ctx) => {
    const failed = itemRules(v, creating).find(([isFailed]) => isFailed);
    if (failed) ctx.addIssue({ code: 'custom', message: failed[1], path: [failed[2]] });
  }).transform((v) => ({
    ...v,
    name: v.name.trim(),
    description: v.description.trim(),
    payment: v.payment.trim().toLowerCase(),
    price: Number(v.price),
    shippingPrices: v.shippingPrices.map((s) => ({ code: s.code, price: Number(s.price) })),
    autoDeclineBelow: guardrailValue(v.autoDeclineBelow, v.offersAccepted),
    autoAcceptAt: guardrailValue(v.autoAcceptAt, v.offersAccepted),
    timestamp: timestampValue(v),
    openToTrades: v.openToTrades,
    lookingFor: lookingForValue(v),
    specs: specsValue(v),
  }));
}

/** POST /api/item, checked in the spec's order (section 5). */
export const CreateItemInputSchema = itemInputSchema(true);
/** PUT /api/item/{id}: the same rules without shipping, which cannot change after listing. */
export const UpdateItemInputSchema = itemInputSchema(false);
export type ItemInput = z.input<typeof CreateItemInputSchema>;
export type ValidItemInput = z.output<typeof CreateItemInputSchema>;

/** POST /api/item/{itemId}/comment */
export const CommentInputSchema = z.object({ body: z.string().optional().default('') }).superRefine((v, ctx) => {
  if (v.body.trim() === '') ctx.addIssue({ code: 'custom', message: ITEM_ERRORS.fieldRequired, path: ['body'] });
  else if (v.body.trim().length > COMMENT_MAX) ctx.addIssue({ code: 'custom', message: ITEM_ERRORS.tooLong, path: ['body'] });
});

export const CommentSchema = z.object({
  _id: z.string(),
  userId: z.object({ _id: z.string(), username: z.string(), avatar: z.string().nullable(), reddit: z.object({ isLinked: z.boolean() }) }).nullable(),
  timeCreated: z.string(),
  body: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** The full item of GET /api/item/{id} (and /edit, /duplicate). Prices in dollars. */
export const ItemDetailSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  priceSold: z.number().nullable(),
  photos: z.array(z.string()),
  thumbnail: z.string(),
  /** Derived thumbnail variants of each photo (spec's thumbnail rule): list and detail sizes. */
  photoChicklets: z.array(z.object({ list: z.string(), detail: z.string() })),
  categoryId: z.string(),
  saleTypeId: z.string(),
  offersAccepted: z.boolean(),
  isFixedPrice: z.boolean(),
  /** Only for the owner (the edit form); absent for everyone else. */
  paymentEmail: z.string().optional(),
  /** The offer guardrails in dollars (null when unset): only for the owner, like paymentEmail; buyers never learn them. */
  autoDeclineBelow: z.number().nullable().optional(),
  autoAcceptAt: z.number().nullable().optional(),
  shippingPrices: z.array(ShippingPriceSchema),
  /** Issue 29: the listing's specs ({} for a listing without any): the item page's specs table, the edit form's fields. */
  specs: ItemSpecsSchema,
  /**
   * Issue 29: the seller is away until then (ISO; null when not away). Offers and purchases are refused meanwhile;
   * the page says '{username} is away until {date}.'
   */
  sellerAwayUntil: z.string().nullable(),
  /**
   * Only for the owner: whether they may send an offer to savers now (takes offers, public, saved by someone, none
   * sent in the last 7 days), how many savers it would reach, and when the next may be sent if not.
   */
  saverOffer: z.object({ allowed: z.boolean(), savers: z.number().int(), nextAt: z.string().nullable() }).optional(),
  /** Approved with a timestamp photo (issue 26): the 'Timestamped' mark, for everyone. */
  timestamped: z.boolean().optional(),
  /** The timestamp code and its photo: for the owner (the edit form) and in the admins' approval queue only. */
  timestamp: ListingTimestampSchema.nullable().optional(),
  approvalStatus: z.enum(['pending', 'approved', 'rejected']),
  paymentStatus: z.enum(['none', 'pending']),
  /** The seller takes trades for it (issue 28), and what they would take ('' when nothing said). */
  openToTrades: z.boolean(),
  lookingFor: z.string(),
  /** An accepted trade holds it (issue 28): 'Trade pending', and nobody may buy it or make an offer meanwhile. */
  tradePending: z.boolean(),
  /**
   * The viewer's own checkout holding the payment lock (they left the provider's page): what it charges, so the
   * page offers Resume payment and Cancel. Null for everyone else; absent outside the item page.
   */
  checkout: z.object({ price: z.number(), shippingPrice: z.number() }).nullable().optional(),
  /** The viewer's accepted (within its 24 hours) or countered offer: the price they would pay, without shipping. */
  viewerOffer: z
    .object({ _id: z.string(), status: z.enum(['accepted', 'countered']), price: z.number(), shippingPrice: z.number(), timeAccepted: z.string().nullable() })
    .nullable()
    .optional(),
  /** Another buyer's accepted offer holds the item for its 24 hours (never saying whose). */
  reserved: z.boolean().optional(),
  purchaserId: z.string().nullable(),
  isSellerReviewed: z.boolean(),
  /**
   * Issue 28, on the item page: it changed hands in a completed trade, so 'Traded' where a sale says 'Sold'
   * (purchaserId is the side that received it; priceSold is null).
   */
  traded: z.boolean().optional(),
  /** Saved by the viewer. */
  isFollowing: z.boolean(),
  /** How many people saved it. */
  likes: z.number().int(),
  timeListed: z.string(),
  comments: z.array(CommentSchema),
  sellerId: z.object({
    _id: z.string(),
    username: z.string(),
    avatar: z.string().nullable(),
    reddit: z.object({ isLinked: z.boolean(), transactions: z.object({ count: z.number().int() }) }),
    shippingRegion: z.object({ name: z.string(), code: z.string() }).nullable(),
    transactions: z.number().int(),
    /** The seller's rating meter; on the item page (GET /item/{id}), not in the approval queue. */
    rating: RatingSummarySchema.optional(),
    /** The seller's trust panel (issue 26); on the item page only, and not for a removed seller. */
    trust: TrustSchema.optional(),
  }),
});
export type ItemDetail = z.infer<typeof ItemDetailSchema>;

/** GET /api/item/{id} */
export const ItemDetailResponseSchema = z.object({ item: ItemDetailSchema, isLoggedIn: z.boolean(), isUserItem: z.boolean() });
export type ItemDetailResponse = z.infer<typeof ItemDetailResponseSchema>;
