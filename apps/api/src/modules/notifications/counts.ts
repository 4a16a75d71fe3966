import type { NotificationCounts } from '@keeb/shared';
import { jsonRows, type Database } from '../../db/client';
import { NEW_MESSAGES_OF_U } from '../chat/repo';
import { NEW_OFFERS_OF_U } from '../offers/repo';
import { ORDERS_TO_ACT_OF_U } from '../orders/repo';
import { NEW_TRADES_OF_U } from '../trades/counts-sql';
import { NEW_WANT_MATCHES_OF_U } from '../wants/want-matches';

const COUNTS_SQL = `select json_build_array(${NEW_OFFERS_OF_U}, ${NEW_MESSAGES_OF_U}, ${NEW_WANT_MATCHES_OF_U}, ${ORDERS_TO_ACT_OF_U}, ${NEW_TRADES_OF_U})::text from users u where u.id = $1::uuid`;

/**
 * A user's badge counts in one prepared statement (each module owns its count's SQL). Read by
 * GET /api/me/notifications and pushed to the user's sockets whenever a commit moves them (after every message,
 * offer move, sale and want match), so one round trip rather than one per module.
 */
export async function notificationCounts(db: Database, userId: string): Promise<NotificationCounts> {
  const [row] = await jsonRows(db, { sql: COUNTS_SQL, params: [userId] }, 'notification_counts', 'generic');
  const [numNewOffers, numNewMessages, numNewWantMatches, numOrdersToAct, numNewTrades] = (row as [number, number, number, number, number] | undefined) ?? [0, 0, 0, 0, 0];
  // The /me/offers badge counts the Trades tab's too (issue 28).
  return { numNewOffers: numNewOffers + numNewTrades, numNewMessages, numNewWantMatches, numOrdersToAct, numNewTrades };
}
