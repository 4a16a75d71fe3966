import { formatPrice, type Trade } from '@keeb/shared';
import type { TradeSide } from './trade-terms';

/**
 * What a viewer may press on a trade now, as the API allows it: the side the trade awaits answers (accept, counter,
 * decline); the proposer may withdraw a proposal still open; once accepted and until the cash is paid, the payer
 * pays, the payee gives more time, and either may call the trade off.
 */
export type TradeButton = 'accept' | 'counter' | 'decline' | 'cancel' | 'pay' | 'extend';

export function tradeButtons(trade: Trade, side: TradeSide): TradeButton[] {
  if (trade.status === 'pending' || trade.status === 'countered') {
    if (trade.awaiting === side) return ['accept', 'counter', 'decline'];
    return side === 'proposer' ? ['cancel'] : [];
  }
  if (trade.status === 'accepted' && trade.payer !== null && trade.paidAt === null) return [trade.payer === side ? 'pay' : 'extend', 'cancel'];
  return [];
}

/** The other party, as this viewer sees the trade. */
export const otherParty = (trade: Trade, side: TradeSide) => (side === 'seller' ? trade.proposer : trade.seller);

/** The cash part from the viewer's side: '+ $40 from clackfan', '+ $40 to clackfan', or null with no cash. */
export function cashLine(trade: Trade, side: TradeSide): string | null {
  const other = otherParty(trade, side).username;
  if (trade.cashToSeller > 0) return `+ ${formatPrice(trade.cashToSeller)} ${side === 'seller' ? 'from' : 'to'} ${other}`;
  if (trade.cashToBuyer > 0) return `+ ${formatPrice(trade.cashToBuyer)} ${side === 'seller' ? 'to' : 'from'} ${other}`;
  return null;
}

/** The cash this viewer owes, when they are the payer. */
export const cashOwed = (trade: Trade) => Math.max(trade.cashToSeller, trade.cashToBuyer);

const CLOSED: Record<string, string> = {
  expired: 'Cancelled: the cash was not paid in time',
  item_sold: 'Closed: an item in it was sold',
  item_traded: 'Closed: an item in it went in another trade',
  item_removed: 'Closed: an item in it was removed',
  item_rejected: 'Closed: an item in it was taken down',
};

const closedText = (reason: string | null): string | undefined => (reason ? CLOSED[reason] : undefined);

/** The status line: whose move it is, or how the trade ended. */
export function statusText(trade: Trade, side: TradeSide): string {
  const other = otherParty(trade, side).username;
  switch (trade.status) {
    case 'pending':
    case 'countered': {
      const countered = trade.status === 'countered';
      if (trade.awaiting === side) return countered ? `${other} countered: your answer` : `${other} proposed this trade: your answer`;
      return countered ? `You countered: waiting for ${other}` : `Waiting for ${other}`;
    }
    case 'accepted':
      if (trade.payer !== null && trade.paidAt === null) return trade.payer === side ? 'Accepted: pay the cash to settle it' : `Accepted: waiting for ${other} to pay`;
      return 'Accepted: each of you ships what you gave';
    case 'declined':
      return closedText(trade.closedReason) ?? 'Declined';
    case 'cancelled':
      return closedText(trade.closedReason) ?? 'Cancelled';
    case 'completed':
      return 'Completed: both parcels received';
    default:
      return trade.status;
  }
}

/** The order this viewer receives: its page shows both parcels. */
export function viewerOrder(trade: Trade, side: TradeSide): string | null {
  if (!trade.orders) return null;
  return side === 'seller' ? trade.orders.toSeller : trade.orders.toProposer;
}
