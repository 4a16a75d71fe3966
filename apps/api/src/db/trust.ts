import { AUTO_RECEIVE_DAYS, TRUST_ON_TIME_MIN_ORDERS, TRUST_REPLY_WINDOW_DAYS, type Trust } from '@keeb/shared';
import { isoFromJson, jsonRows, type Queryable } from './client';

/**
 * The trust panel's figures (issue 26) as one SQL expression, a JSON array, for a statement that already reads the
 * user's row: the profile's (discovery) and the item page's (items) put it in their own select list, so the panel
 * costs neither an extra round trip. `userId` is an SQL expression for the user's id, `user` the alias of their
 * `users` row. Each part reads one index:
 * - confirmed trades as buyer: orders_buyer_received_idx (index-only); as seller, in the seller's one pass over
 *   orders_seller_trust_idx with the on-time figures; a completed trade (issue 28) once for each side, from
 *   trades_proposer_completed_idx and trades_seller_completed_idx, its two orders left out of both counts;
 * - on time: an order is due once shipped or, unshipped and still awaiting shipment or under a problem, past
 *   ship_by; on time when shipped by ship_by. Refunded orders never shipped and received ones with no shipping time
 *   (sales from before orders existed, backfilled as received) are left out: nothing says the seller was late;
 * - reply speed: conversation_participants_reply_idx (the user's replied conversations by first_received_at), the
 *   median of reply minus first receipt, in whole minutes rounded up (at least 1: 'within 0 minutes' says nothing);
 * - open problems as a seller: orders in status 'problem', in the same pass (an order is in that status exactly while
 *   a problem on it is open: reporting moves it there, resolving, closing and a refund move it out).
 * The seller's pass reads orders_seller_trust_idx alone (seller, status, shipped_at, ship_by, trade_id and, since issue
 * 37, a confirmed parcel's paid_at, received_at and tracking_number: PARCEL below), and reply speed
 * the reply index alone (both times are in it).
 */
/**
 * Issue 36: a confirmed trade is a parcel that was shipped, then received: shipped with tracking, or (without) once
 * the 14 days after shipping have passed, as the automatic confirmation waits. An order received with no shipping
 * time counts only as a sale from before orders (backfilled received at its payment's time, migration 0026); one the
 * buyer confirmed before it was ever marked shipped (allowed until issue 36) does not. A trade counts when both its
 * parcels do.
 */
const SHIPPED = (o: string) => `(${o}.shipped_at is not null and (${o}.tracking_number is not null or ${o}.shipped_at <= now() - interval '${AUTO_RECEIVE_DAYS} days'))`;
const PARCEL = (o: string) => `(${SHIPPED(o)} or (${o}.shipped_at is null and ${o}.received_at = ${o}.paid_at))`;
const BOTH_PARCELS = (t: string) => `not exists (select 1 from orders tx where tx.trade_id = ${t}.id and not ${SHIPPED('tx')})`;

export const trustJson = (userId: string, user: string) => `json_build_array(
  ${user}.created_at, ${user}.email_confirmed_at is not null, ${user}.phone_verified_at is not null,
  (select count(*) from orders ob where ob.buyer_id = ${userId} and ob.status = 'received' and ob.trade_id is null and ${PARCEL('ob')})
    + (select count(*) from trades tp where tp.proposer_id = ${userId} and tp.status = 'completed' and ${BOTH_PARCELS('tp')})
    + (select count(*) from trades ts where ts.seller_id = ${userId} and ts.status = 'completed' and ${BOTH_PARCELS('ts')}),
  (select json_build_array(
            count(*) filter (where os.status = 'received' and os.trade_id is null and ${PARCEL('os')}),
            count(*) filter (where os.shipped_at is not null or (os.status in ('paid', 'problem') and os.ship_by < now())),
            count(*) filter (where os.shipped_at <= os.ship_by),
            count(*) filter (where os.status = 'problem'))
     from orders os where os.seller_id = ${userId}),
  (select ceil(percentile_cont(0.5) within group (order by extract(epoch from cp.first_replied_at - cp.first_received_at)) / 60)::integer
     from conversation_participants cp
     where cp.user_id = ${userId} and cp.first_replied_at is not null
       and cp.first_received_at > now() - interval '${TRUST_REPLY_WINDOW_DAYS} days')
)`;

/** The figures trustJson wrote, as the panel's answer. */
export function trustFrom(values: unknown): Trust {
  const [createdAt, emailVerified, phoneVerified, bought, [sold, due, onTime, openProblems], replyMinutes] = values as [
    string, boolean, boolean, number, [number, number, number, number], number | null,
  ];
  return {
    memberSince: isoFromJson(createdAt),
    confirmedTrades: bought + sold,
    shippedOnTime: { share: due >= TRUST_ON_TIME_MIN_ORDERS ? onTime / due : null, orders: due },
    replyMinutes: replyMinutes === null ? null : Math.max(1, replyMinutes),
    emailVerified,
    phoneVerified,
    openProblems,
  };
}

/** One user's trust figures by themselves (the item page's seller block, through its cache); undefined for no user. */
export async function trustOf(db: Queryable, userId: string): Promise<Trust | undefined> {
  const [row] = await jsonRows(db, { sql: `select json_build_array(${trustJson('u.id', 'u')})::text from users u where u.id = $1::uuid`, params: [userId] }, 'trust_of');
  return row ? trustFrom(row[0]) : undefined;
}
