import type { OrderStatus } from '@keeb/shared';

/**
 * Where an order stands, in the words every screen uses (issue 26): the order page, the /me/orders rows and the
 * Sold and Purchased cards of /me. Here, not in the orders feature, because the item card says it too; apart from
 * the status pill (order-status.tsx) so the card, in the feed's first load, carries only the words.
 */
export const ORDER_STATUS_TEXTS: Record<OrderStatus, string> = {
  paid: 'Awaiting shipment',
  shipped: 'Shipped',
  received: 'Received',
  problem: 'Problem reported',
  refunded: 'Refunded',
};

export const LATE_TEXT = 'Late';

/** Beside the 'Traded' tag, where a sale says 'Sold for {price}' (issue 36: it read 'TRADED Traded'). */
export const TRADED_LINE = 'Gone in a trade';
