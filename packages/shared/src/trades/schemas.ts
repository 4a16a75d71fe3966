import { z } from 'zod';
import { PRICE_MAX } from '../items/codes';
import { isPriceText, priceText } from '../items/schemas';
import { TRADE_ERRORS, TRADE_MESSAGE_MAX, TRADE_OFFERED_MAX, type TradeStatus } from './codes';

/** A cash part as the client typed it: 0 or a price (two decimals, at most PRICE_MAX); dollars on the wire. */
const cash = z
  .union([z.string(), z.number()], { error: TRADE_ERRORS.cash })
  .refine((value) => isPriceText(priceText(value)) && Number(priceText(value)) <= PRICE_MAX, { error: TRADE_ERRORS.cash })
  .transform((value) => Number(priceText(value)));

const offeredItemIds = z
  .array(z.uuid({ error: TRADE_ERRORS.offeredItems }), { error: TRADE_ERRORS.offeredItems })
  .min(1, { error: TRADE_ERRORS.offeredItems })
  .max(TRADE_OFFERED_MAX, { error: TRADE_ERRORS.offeredItems })
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, { error: TRADE_ERRORS.offeredItems });

/** Cash goes one way at most: the proposer adds money (cashToSeller) or asks for it (cashToBuyer). */
const oneWay = (v: { cashToSeller: number; cashToBuyer: number }) => !(v.cashToSeller > 0 && v.cashToBuyer > 0);

/** POST /api/trade. */
export const TradeInputSchema = z
  .object({
    itemId: z.uuid({ error: TRADE_ERRORS.notFound }),
    offeredItemIds,
    cashToSeller: cash.default(0),
    cashToBuyer: cash.default(0),
    message: z.string({ error: TRADE_ERRORS.message }).trim().max(TRADE_MESSAGE_MAX, { error: TRADE_ERRORS.message }).default(''),
  })
  .refine(oneWay, { error: TRADE_ERRORS.cash, path: ['cashToBuyer'] });
export type TradeInput = z.output<typeof TradeInputSchema>;

/**
 * POST /api/trade/{id}/counter: new terms from the side the trade awaits. The cash either way, and which of the
 * proposer's listings are asked for (left out: the same ones); a message with it.
 */
export const TradeCounterInputSchema = z
  .object({
    offeredItemIds: offeredItemIds.optional(),
    cashToSeller: cash.default(0),
    cashToBuyer: cash.default(0),
    message: z.string({ error: TRADE_ERRORS.message }).trim().max(TRADE_MESSAGE_MAX, { error: TRADE_ERRORS.message }).default(''),
  })
  .refine(oneWay, { error: TRADE_ERRORS.cash, path: ['cashToBuyer'] });
export type TradeCounterInput = z.output<typeof TradeCounterInputSchema>;

/** GET /api/me/trades?role=received|sent&cursor=...: newest activity first, keyset pages of TRADES_PAGE_SIZE. */
export const TradesQuerySchema = z.object({
  role: z.enum(['received', 'sent'], { error: 'invalid_role' }),
  /** The last trade's updatedAt and _id on the previous page, as `${updatedAt}_${_id}`. */
  cursor: z.string().max(80).optional(),
});
export type TradesQuery = z.infer<typeof TradesQuerySchema>;
export const TRADES_PAGE_SIZE = 20;

/** A listing inside a trade, as the lists show it. Prices in dollars. */
export interface TradeItem {
  _id: string;
  name: string;
  thumbnail: string;
  price: number;
}

export interface TradeParty {
  _id: string;
  username: string;
  avatar: string | null;
}

/**
 * One trade, as both lists and GET /api/trade/{id} answer it. `item` is the seller's listing the trade is about;
 * `offeredItems` the proposer's listings asked for now (a counter may change them). Cash in dollars, one of the two
 * is 0. `payer`: who owes the cash (null when none is owed); `payBy`: its deadline while accepted and unpaid.
 * `orders`: once settled (paid, or accepted with no cash), each side's order: `toSeller` carries the proposer's
 * items to the seller, `toProposer` the seller's item to the proposer.
 */
export interface Trade {
  _id: string;
  status: TradeStatus;
  item: TradeItem;
  offeredItems: TradeItem[];
  cashToSeller: number;
  cashToBuyer: number;
  message: string;
  proposer: TradeParty;
  seller: TradeParty;
  /** Whose move it is while pending or countered: the side that may accept, decline or counter. */
  awaiting: 'seller' | 'proposer' | null;
  payer: 'seller' | 'proposer' | null;
  acceptedAt: string | null;
  payBy: string | null;
  paidAt: string | null;
  orders: { toSeller: string; toProposer: string } | null;
  /** Why it ended when declined or cancelled: declined, cancelled, expired, item_sold, item_traded, item_removed, item_rejected (issue 36). */
  closedReason: string | null;
  createdAt: string;
  updatedAt: string;
}
