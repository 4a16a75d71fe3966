import { PAYMENT_WINDOW_MS, type ItemSpecs } from '@keeb/shared';
import { isoFromJson, jsonRows, type Database } from '../../db/client';

/** Everything the item page shows, read by one statement (itemPage). */
export interface ItemPageRow {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  priceSoldCents: number | null;
  photos: string[];
  thumbnail: string;
  categoryId: string;
  saleTypeId: string;
  offersAccepted: boolean;
  isFixedPrice: boolean;
  paymentEmail: string;
  approvalStatus: 'pending' | 'approved' | 'rejected';
  paymentStatus: 'none' | 'pending';
  purchaserId: string | null;
  /** The offer guardrails (issue 16): the owner's view only. */
  autoDeclineBelowCents: number | null;
  autoAcceptAtCents: number | null;
  /** The timestamp photo (issue 26): the code and the photo showing it, both or neither. */
  timestampCode: string | null;
  timestampPhoto: string | null;
  /** Issue 28: open to trades, what the seller would take, and whether an accepted trade holds it now. */
  openToTrades: boolean;
  lookingFor: string;
  tradePending: boolean;
  /** Issue 29: the listing's specs ({} for one listed before specs). */
  specs: ItemSpecs;
  saveCount: number;
  timeListed: string;
  sellerId: string;
  seller: {
    username: string;
    avatar: string | null;
    removed: boolean;
    regionCode: string | null;
    regionName: string | null;
    forumLinked: boolean;
    /** Trades transferred from the forum (0 when none). */
    forumTrades: number;
    /** Items the seller sold on the platform. */
    sales: number;
    /** The seller's rating meter: overall average (0 when unrated) and the number of ratings. */
    rating: { overall: number; count: number };
    /** Issue 29: away until then (ISO), null when not away (a time already past counts as back). */
    awayUntil: string | null;
  };
  shipping: Array<{ code: string; name: string; priceCents: number }>;
  comments: Array<{
    id: string;
    body: string;
    createdAt: string;
    userId: string;
    username: string;
    avatar: string | null;
    removed: boolean;
    forumLinked: boolean;
  }>;
  savedByViewer: boolean;
  /** The buyer has rated this sale (seller_ratings_item_key). */
  isSellerReviewed: boolean;
  /** Issue 28: it changed hands in a completed trade (purchaserId received it; no price). */
  traded: boolean;
  /** The viewer's own open checkout (they hold the payment lock), in cents. */
  viewerCheckout: { itemCents: number; shippingCents: number } | null;
  /** The viewer's countered offer or accepted one within its window; priceCents is what they would pay. */
  viewerOffer: { id: string; status: 'accepted' | 'countered'; priceCents: number; shippingCents: number; timeAccepted: string | null } | null;
  /** Someone else's accepted offer holds the item within its window. */
  reservedForOther: boolean;
}

/** The 24-hour payment window of an accepted offer, as SQL. */
const WINDOW = `interval '${PAYMENT_WINDOW_MS / 1000} seconds'`;

/*
 * The item page was seven queries (item, seller, region, forum link, sales, shipping, comments, the viewer's save),
 * six of them in parallel: each page took up to seven of the pool's ten connections and seven round trips of
 * planning. One prepared statement with the parts as JSON aggregates answers it in one round trip and one plan.
 */
export const ITEM_PAGE_SQL = `
  select json_build_array(
    i.id, i.name, i.description, i.price_cents, i.price_sold_cents, i.photos, i.thumbnail, i.category_id,
    i.sale_type_id, i.offers_accepted, i.is_fixed_price, i.payment_email, i.approval_status, i.payment_status,
    i.purchaser_id, i.save_count, i.time_listed, i.seller_id,
    u.username, u.avatar, u.removed_at is not null, rg.code, rg.name, rl.user_id is not null, coalesce(rl.transferred_count, 0),
    (select count(*) from items s where s.seller_id = i.seller_id and s.purchaser_id is not null),
    (select coalesce(json_agg(json_build_array(sh.region_code, r.name, sh.price_cents) order by r.position), '[]')
       from item_shipping sh join regions r on r.code = sh.region_code where sh.item_id = i.id),
    (select coalesce(json_agg(json_build_array(c.id, c.body, c.created_at, cu.id, cu.username, cu.avatar,
              cu.removed_at is not null, crl.user_id is not null) order by c.created_at, c.id), '[]')
       from item_comments c join users cu on cu.id = c.user_id left join reddit_links crl on crl.user_id = cu.id
       where c.item_id = i.id),
    exists (select 1 from item_saves sv where sv.item_id = i.id and sv.user_id = $2::uuid),
    exists (select 1 from seller_ratings sr where sr.item_id = i.id),
    rt.n, coalesce(rt.overall, 0), i.auto_decline_below_cents, i.auto_accept_at_cents,
    -- The viewer's own checkout and offer, and whether another buyer's accepted offer holds the item (whose: never).
    (select json_build_array(p.item_cents, p.shipping_cents) from purchases p
       where p.item_id = i.id and p.buyer_id = $2::uuid and p.status = 'open'),
    (select json_build_array(o.id, o.status, case when o.status = 'countered' then o.counter_price_cents else o.price_cents end,
              o.shipping_cents, o.time_accepted)
       from offers o where o.item_id = i.id and o.buyer_id = $2::uuid
       and (o.status = 'countered' or (o.status = 'accepted' and o.time_accepted + ${WINDOW} > now()))),
    exists (select 1 from offers o where o.item_id = i.id and o.status = 'accepted' and o.time_accepted + ${WINDOW} > now()
              and o.buyer_id is distinct from $2::uuid),
    i.timestamp_code, i.timestamp_photo,
    i.open_to_trades, i.looking_for, i.trade_id is not null and i.traded_at is null,
    i.traded_at is not null,
    case when u.away_until > now() then u.away_until end,
    i.specs
  )::text as row
  from items i
  join users u on u.id = i.seller_id
  left join regions rg on rg.code = u.shipping_region_code
  left join reddit_links rl on rl.user_id = u.id
  -- The seller's rating meter, over seller_ratings_seller_idx (overall: the ratings module's expression).
  cross join lateral (
    select count(*)::integer as n, ((avg(r.description) + avg(r.communication) + avg(r.shipping)) / 3)::float8 as overall
    from seller_ratings r where r.seller_id = i.seller_id
  ) rt
  where i.id = $1::uuid and i.removed_at is null`;

/** The item page's data, or undefined when there is no such (unremoved) item. viewerId: whose save to report. */
export async function itemPage(db: Database, itemId: string, viewerId: string | undefined): Promise<ItemPageRow | undefined> {
  const [row] = await jsonRows(db, { sql: ITEM_PAGE_SQL, params: [itemId, viewerId ?? null] }, 'item_page');
  if (!row) return undefined;
  const r = row as [
    string, string, string, number, number | null, string[], string, string, string, boolean, boolean, string,
    ItemPageRow['approvalStatus'], ItemPageRow['paymentStatus'], string | null, number, string, string,
    string, string | null, boolean, string | null, string | null, boolean, number, number,
    Array<[string, string, number]>,
    Array<[string, string, string, string, string, string | null, boolean, boolean]>,
    boolean, boolean, number, number, number | null, number | null,
    [number, number] | null,
    [string, 'accepted' | 'countered', number, number, string | null] | null,
    boolean,
    string | null,
    string | null,
    boolean,
    string,
    boolean,
    boolean,
    string | null,
    ItemSpecs,
  ];
  return {
    id: r[0],
    name: r[1],
    description: r[2],
    priceCents: r[3],
    priceSoldCents: r[4],
    photos: r[5],
    thumbnail: r[6],
    categoryId: r[7],
    saleTypeId: r[8],
    offersAccepted: r[9],
    isFixedPrice: r[10],
    paymentEmail: r[11],
    approvalStatus: r[12],
    paymentStatus: r[13],
    purchaserId: r[14],
    autoDeclineBelowCents: r[32],
    autoAcceptAtCents: r[33],
    timestampCode: r[37],
    timestampPhoto: r[38],
    openToTrades: r[39],
    lookingFor: r[40],
    tradePending: r[41],
    specs: r[44],
    saveCount: r[15],
    timeListed: isoFromJson(r[16]),
    sellerId: r[17],
    seller: { username: r[18], avatar: r[19], removed: r[20], regionCode: r[21], regionName: r[22], forumLinked: r[23], forumTrades: r[24], sales: r[25], rating: { count: r[30], overall: r[31] }, awayUntil: r[43] === null ? null : isoFromJson(r[43]) },
    shipping: r[26].map(([code, name, priceCents]) => ({ code, name, priceCents })),
    comments: r[27].map(([id, body, createdAt, userId, username, avatar, removed, forumLinked]) => ({
      id,
      body,
      createdAt: isoFromJson(createdAt),
      userId,
      username,
      avatar,
      removed,
      forumLinked,
    })),
    savedByViewer: r[28],
    isSellerReviewed: r[29],
    viewerCheckout: r[34] ? { itemCents: r[34][0], shippingCents: r[34][1] } : null,
    viewerOffer: r[35]
      ? { id: r[35][0], status: r[35][1], priceCents: r[35][2], shippingCents: r[35][3], timeAccepted: r[35][4] === null ? null : isoFromJson(r[35][4]) }
      : null,
    reservedForOther: r[36],
    traded: r[42],
  };
}
