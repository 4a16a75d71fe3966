import { TRADES_PAGE_SIZE, type TradeStatus } from '@keeb/shared';
import { isoFromJson, jsonRows, type Database } from '../../db/client';

/**
 * One trade as both lists and GET /api/trade/{id} answer it, read in one statement per page: the trade, its two
 * parties, the seller's item, the offered items (ordered), the cash payment's capture and the two orders, each as a
 * subquery on its index (trade_items' primary key, purchases_one_per_trade, orders_trade_idx), so a page of 20
 * costs one round trip, not 20 x 5.
 */
const TRADE_JSON = `json_build_array(
  t.id, t.status, t.cash_to_seller_cents, t.cash_to_buyer_cents, t.message, t.accepted_at, t.settled_at, t.closed_reason,
  t.created_at, t.updated_at,
  json_build_array(i.id, i.name, i.thumbnail, i.price_cents),
  (select coalesce(json_agg(json_build_array(oi.id, oi.name, oi.thumbnail, oi.price_cents) order by ti.position), '[]'::json)
     from trade_items ti join items oi on oi.id = ti.item_id where ti.trade_id = t.id),
  json_build_array(p.id, p.username, p.avatar, p.removed_at is not null),
  json_build_array(s.id, s.username, s.avatar, s.removed_at is not null),
  (select pu.captured_at from purchases pu where pu.trade_id = t.id and pu.status in ('captured', 'refunded') limit 1),
  (select o.id from orders o where o.trade_id = t.id and o.buyer_id = t.seller_id limit 1),
  (select o.id from orders o where o.trade_id = t.id and o.buyer_id = t.proposer_id limit 1)
)::text`;

const JOINS = `join items i on i.id = t.item_id
  join users p on p.id = t.proposer_id
  join users s on s.id = t.seller_id`;

const ONE_SQL = `select ${TRADE_JSON} from trades t ${JOINS} where t.id = $1::uuid`;

/**
 * $1 the user, $2/$3 the cursor (the last trade's updated_at and id, or nulls): newest activity first. The page's
 * ids come first, walking trades_seller_idx / trades_proposer_idx in order (NULLS LAST as the index is built, or
 * PostgreSQL sorts every trade of the user), then the joins run for those 20 only.
 */
const ORDER = 'order by t.updated_at desc nulls last, t.id desc nulls last';
const pageSql = (column: 'seller_id' | 'proposer_id') => `with page as (
    select t.* from trades t
    where t.${column} = $1::uuid and ($2::timestamptz is null or (t.updated_at, t.id) < ($2::timestamptz, $3::uuid))
    ${ORDER}
    limit ${TRADES_PAGE_SIZE}
  )
  select ${TRADE_JSON} from page t ${JOINS}
  ${ORDER}`;
const RECEIVED_SQL = pageSql('seller_id');
const SENT_SQL = pageSql('proposer_id');

type ItemValues = [string, string, string, number];
type PartyValues = [string, string, string | null, boolean];
type TradeValues = [
  string, TradeStatus, number, number, string, string | null, string | null, string | null, string, string,
  ItemValues, ItemValues[], PartyValues, PartyValues, string | null, string | null, string | null,
];

export interface TradeViewItem {
  id: string;
  name: string;
  thumbnail: string;
  priceCents: number;
}
export interface TradeViewParty {
  id: string;
  username: string;
  avatar: string | null;
  removed: boolean;
}
export interface TradeView {
  id: string;
  status: TradeStatus;
  cashToSellerCents: number;
  cashToBuyerCents: number;
  message: string;
  acceptedAt: string | null;
  settledAt: string | null;
  closedReason: string | null;
  createdAt: string;
  updatedAt: string;
  item: TradeViewItem;
  offered: TradeViewItem[];
  proposer: TradeViewParty;
  seller: TradeViewParty;
  paidAt: string | null;
  orderToSeller: string | null;
  orderToProposer: string | null;
}

const item = ([id, name, thumbnail, priceCents]: ItemValues): TradeViewItem => ({ id, name, thumbnail, priceCents });
const party = ([id, username, avatar, removed]: PartyValues): TradeViewParty => ({ id, username, avatar, removed });
const time = (v: string | null) => (v === null ? null : isoFromJson(v));

function toView(values: unknown[]): TradeView {
  const [id, status, cashToSellerCents, cashToBuyerCents, message, acceptedAt, settledAt, closedReason, createdAt, updatedAt, i, offered, p, s, paidAt, toSeller, toProposer] =
    values as TradeValues;
  return {
    id, status, cashToSellerCents, cashToBuyerCents, message,
    acceptedAt: time(acceptedAt), settledAt: time(settledAt), closedReason,
    createdAt: isoFromJson(createdAt), updatedAt: isoFromJson(updatedAt),
    item: item(i), offered: offered.map(item), proposer: party(p), seller: party(s),
    paidAt: time(paidAt), orderToSeller: toSeller, orderToProposer: toProposer,
  };
}

export async function tradeView(db: Database, tradeId: string): Promise<TradeView | undefined> {
  const [row] = await jsonRows(db, { sql: ONE_SQL, params: [tradeId] }, 'trade_one');
  return row ? toView(row) : undefined;
}

export async function tradesPage(db: Database, userId: string, role: 'received' | 'sent', after: { at: string; id: string } | undefined): Promise<TradeView[]> {
  const rows = await jsonRows(
    db,
    { sql: role === 'received' ? RECEIVED_SQL : SENT_SQL, params: [userId, after?.at ?? null, after?.id ?? null] },
    role === 'received' ? 'trades_received_page' : 'trades_sent_page',
  );
  return rows.map(toView);
}
