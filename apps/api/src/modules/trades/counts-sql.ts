/**
 * The Trades tab's badge (numNewTrades) for the user `u` of the counts statement: as seller, proposals and counters
 * awaiting them since they last opened the tab (trades_seller_new_idx); as proposer, what the seller or the system
 * did since (trades_proposer_new_idx).
 */
export const NEW_TRADES_OF_U = `((select count(*) from trades t where t.seller_id = u.id and t.status = 'pending' and t.proposer_acted_at > u.trades_seen_at)
  + (select count(*) from trades t where t.proposer_id = u.id and t.seller_acted_at is not null and t.seller_acted_at > u.trades_seen_at))`;
