import { centsToDollars, TRADE_PAY_WITHIN_HOURS, type Trade, type TradeItem, type TradeStatus } from '@keeb/shared';
import type { TradeView, TradeViewItem, TradeViewParty } from './view-repo';

/** The two sides of a trade. (This file: what a trade answers on the wire, from the row view-repo reads.) */
export type TradeSide = 'seller' | 'proposer';
type Cash = { cashToSellerCents: number; cashToBuyerCents: number };
const PAY_WINDOW_MS = TRADE_PAY_WITHIN_HOURS * 3_600_000;

/** Who owes the cash: the proposer adding money, or the seller asked for it; null when none is owed. */
export const payerOf = (cash: Cash): TradeSide | null => (cash.cashToSellerCents > 0 ? 'proposer' : cash.cashToBuyerCents > 0 ? 'seller' : null);
/** pending awaits the seller, countered the proposer; nothing else awaits anyone. */
export const awaitingOf = (status: TradeStatus): TradeSide | null => (status === 'pending' ? 'seller' : status === 'countered' ? 'proposer' : null);
const toItem = (i: TradeViewItem): TradeItem => ({ _id: i.id, name: i.name, thumbnail: i.thumbnail, price: centsToDollars(i.priceCents) });
const toParty = (p: TradeViewParty) => (p.removed ? { _id: p.id, username: 'User Not Found', avatar: null } : { _id: p.id, username: p.username, avatar: p.avatar });

/** The trade as both parties see it (nothing in it is private to one side). */
export function toTrade(v: TradeView): Trade {
  const payer = payerOf(v);
  const payBy = v.status === 'accepted' && !v.settledAt && payer && v.acceptedAt ? new Date(new Date(v.acceptedAt).getTime() + PAY_WINDOW_MS).toISOString() : null;
  return {
    _id: v.id,
    status: v.status,
    item: toItem(v.item),
    offeredItems: v.offered.map(toItem),
    cashToSeller: centsToDollars(v.cashToSellerCents),
    cashToBuyer: centsToDollars(v.cashToBuyerCents),
    message: v.message,
    proposer: toParty(v.proposer),
    seller: toParty(v.seller),
    awaiting: awaitingOf(v.status),
    payer,
    acceptedAt: v.acceptedAt,
    payBy,
    paidAt: v.paidAt,
    orders: v.orderToSeller && v.orderToProposer ? { toSeller: v.orderToSeller, toProposer: v.orderToProposer } : null,
    closedReason: v.closedReason,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}
