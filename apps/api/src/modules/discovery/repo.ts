import { and, eq, fillPlaceholders, inArray, is, isNotNull, isNull, SQL, sql, type InferColumnsDataTypes, type Placeholder, type SQLWrapper } from 'drizzle-orm';
import { synonymTsqueries } from './search-synonyms';
import { isoFromJson, jsonArrayRow, jsonRows, type PlanReuse, type Queryable, type RenderedQuery } from '../../db/client';
import { listingCardColumns } from '../../db/listing-card';
import { follows, itemSaves, items, users } from '../../db/schema/index';
import type { SpecFilter } from '@keeb/shared';
import { hasSpecFilter, specCondition, specShape, specValues } from './spec-filter';
import { matchesOrder, orderFor } from './list-order';
import { walkedIds, type SpecPlan } from './spec-plan';
export { orderFor };
import { SELLER_TOOL_LIMITS } from '@keeb/shared';
import { setNewest } from '../../platform/bounded-map';

export type ListSort = 'def' | 'old' | 'low' | 'high' | 'rate';

/**
 * Approved, unsold, not removed: the predicate of every public partial index (items_*_idx ... WHERE). Written
 * into the SQL, not bound: a prepared list's generic plan can only use those indexes when it sees the value.
 */
export const publicItem = and(sql`${items.approvalStatus} = 'approved'`, isNull(items.purchaserId), isNull(items.removedAt));

/**
 * A LIMIT written into the SQL text. drizzle binds a number as a parameter, and PostgreSQL cannot cost a generic
 * plan for `limit $n`, so it would plan a prepared list again on every execution: about half its database time.
 * (drizzle writes any object it is given as the limit into the query as is.)
 */
const literalLimit = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

/** The last item of the previous page. `ts` is an ISO timestamp (millisecond precision, like the column). */
export interface Cursor {
  ts?: string | undefined;
  priceCents?: number | undefined;
  likes?: number | undefined;
  id?: string | undefined;
}

export type ListScope =
  | { kind: 'public' }
  /**
   * A seller's public listings (their profile), by username: resolved inside the page query, so a profile page
   * is one round trip. No rows can also mean no such seller (see userIdByUsername).
   */
  | { kind: 'sellerPublic'; username: string }
  /** The owner's own not-removed listings in any approval state (/me Listed). */
  | { kind: 'listed'; userId: string }
  /** The owner's listings that found a buyer (/me Sold). */
  | { kind: 'sold'; userId: string }
  /** Bought by the user, removed-by-seller included (/me Purchased). */
  | { kind: 'purchased'; userId: string }
  /** Public listings of the sellers the user follows (the vault's Followed Sellers tab). */
  | { kind: 'followed'; userId: string };

export interface ListOptions {
  scope: ListScope;
  categoryIds?: string[] | undefined;
  regionCodes?: string[] | undefined;
  saleTypeId?: string | undefined;
  /** Only listings open to trades (issue 28). */
  openToTrades?: boolean | undefined;
  /** Specs (issue 29): each key's tags, any of which will do; the keys all apply (spec-filter.ts). */
  specs?: SpecFilter | undefined;
  /** Trimmed, non-empty search text. */
  search?: string | undefined;
  /** The search as a tsquery (withTsquery sets it); a search without one matches nothing. */
  tsquery?: string | undefined;
  sort: ListSort;
  cursor: Cursor;
  /** Rows to read. */
  limit: number;
  /**
   * Only the listings after the cursor (a full one: its sort fields and id) that share its sort key, the fields a
   * client's cursor may stop at: the rest of a tie that a page must not end inside (restOfTie).
   */
  tieOnly?: boolean | undefined;
  /** Only listings from this listing day on (listDay): a search's recent window (search-window.ts). */
  fromDay?: number | undefined;
  /**
   * Read the window by walking items_feed_idx newest first until the page is full (words in many listings), not
   * through items_search_day_idx (every match of the window, then a sort).
   */
  walkWindow?: boolean | undefined;
  /** Only listings from before this listing day: the rest of a search after its window. */
  beforeDay?: number | undefined;
  /**
   * Read a newest-first search's listings (before its window, if it has one) by their words and sort them, never
   * by walking items_feed_idx: a search too rare to fill a page from its window (search-window.ts). The planner
   * guesses a word missing from its statistics at a fixed share, and walked every older listing for one that
   * matches nothing (an exact tier of a typo: 2.2 s on the 1M-listing bench). The bound before a window stays on
   * the time, not the day: the days before it would be most of items_search_day_idx, read for nothing.
   */
  byWords?: boolean | undefined;
  /**
   * Issue 29: sellers away now (accounts/away: awaySellerIds), whose listings the feed and search leave out. By
   * id rather than a join on users, so every page keeps its partial-index plan and filters a few ids.
   */
  awaySellerIds?: string[] | undefined;
  /**
   * Issue 37: how a spec-filtered page reads its listings, chosen from the combination's count (spec-plan.ts): its
   * ids walked in items_category_specs_idx, or its matches read and sorted. Unset: the planner decides.
   */
  specPlan?: SpecPlan | undefined;
  /**
   * Issue 37: the signed-in viewer, whose hearts (saved or not) the page's rows carry, read in the same statement:
   * a second round trip per page was a fifth of what a member's page cost more than a visitor's.
   */
  viewerId?: string | undefined;
}

const DAY_MS = 86_400_000;
const DAY_ZERO = Date.UTC(2000, 0, 1);
/** items.listed_day of a time: whole UTC days since 2000-01-01, as the generated column computes it. */
export const listDay = (time: Date) => Math.floor((time.getTime() - DAY_ZERO) / DAY_MS);
const dayStart = (day: number) => new Date(DAY_ZERO + day * DAY_MS).toISOString();

/**
 * A card's listing columns; the seller's are sellerColumns. summaryColumns joins both, in the order every list
 * row is selected and read back (toListRow).
 */
const listingColumns = { ...listingCardColumns, approvalStatus: items.approvalStatus };

const sellerColumns = { sellerId: users.id, sellerUsername: users.username, sellerAvatar: users.avatar };

const summaryColumns = { ...listingColumns, ...sellerColumns };

/** A column of summaryColumns inside json_build_array: a computed one (timestamped) without its alias. */
const asExpression = (column: (typeof summaryColumns)[keyof typeof summaryColumns]): SQLWrapper => (is(column, SQL.Aliased) ? column.sql : column);

/**
 * How a value enters a list query: as itself (a one-off query, planned with its values) or as a named placeholder
 * (a prepared query, built and parsed once and then only bound; see listPage).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
const asValue: Bind = (_name, value) => value;
const asPlaceholder: Bind = (name) => sql.placeholder(name);

/**
 * Keyset condition after the cursor. A client may send the spec's cursor (spec 2.3: the last item's timeListed,
 * and its price for price sorts) or that and the item's id. With the id it is a row comparison on the full sort
 * key; without it a comparison on the fields sent, which is exact because a page never ends inside a group of
 * listings sharing them (restOfTie). Price sorts order equal prices by time, so the spec's cursor is their key.
 */
function afterCursor(sort: ListSort, c: Cursor, v: Bind, tieOnly: boolean): SQL | undefined {
  const ts = sql`${v('ts', c.ts)}::timestamptz`;
  const id = sql`${v('cursorId', c.id)}::uuid`;
  switch (sort) {
    case 'def':
    case 'old': {
      if (!c.ts) return undefined;
      const op = sort === 'def' ? sql`<` : sql`>`;
      if (tieOnly) return sql`${items.timeListed} = ${ts} and ${items.id} ${op} ${id}`;
      return c.id ? sql`(${items.timeListed}, ${items.id}) ${op} (${ts}, ${id})` : sql`${items.timeListed} ${op} ${ts}`;
    }
    case 'low':
    case 'high': {
      if (c.priceCents === undefined) return undefined;
      const op = sort === 'low' ? sql`>` : sql`<`;
      const price = sql`${v('priceCents', c.priceCents)}::integer`;
      if (tieOnly) return sql`${items.priceCents} = ${price} and ${items.timeListed} = ${ts} and ${items.id} ${op} ${id}`;
      if (c.ts && c.id) return sql`(${items.priceCents}, ${items.timeListed}, ${items.id}) ${op} (${price}, ${ts}, ${id})`;
      if (c.ts) return sql`(${items.priceCents}, ${items.timeListed}) ${op} (${price}, ${ts})`;
      // Earlier web clients sent the price and the id only (when equal prices were ordered by id): the time is the
      // cursor item's own.
      if (c.id) {
        const cursorTime = sql`(select cursor_item.time_listed from ${items} cursor_item where cursor_item.id = ${id})`;
        return sql`(${items.priceCents}, ${items.timeListed}, ${items.id}) ${op} (${price}, ${cursorTime}, ${id})`;
      }
      return sql`${items.priceCents} ${op} ${price}`;
    }
    case 'rate': {
      if (c.likes === undefined) return undefined;
      const likes = sql`${v('likes', c.likes)}::integer`;
      if (tieOnly) return sql`${items.saveCount} = ${likes} and ${items.timeListed} = ${ts} and ${items.id} < ${id}`;
      if (c.ts && c.id) return sql`(${items.saveCount}, ${items.timeListed}, ${items.id}) < (${likes}, ${ts}, ${id})`;
      if (c.ts) return sql`(${items.saveCount}, ${items.timeListed}) < (${likes}, ${ts})`;
      return sql`${items.saveCount} < ${likes}`;
    }
  }
}

/** Which cursor fields a query uses for its sort: part of a prepared query's shape. */
function cursorShape(sort: ListSort, c: Cursor, tieOnly: boolean): string {
  const has = (key: keyof Cursor) => (c[key] === undefined ? '' : key[0]);
  const shape = (() => {
    switch (sort) {
      case 'def':
      case 'old':
        return c.ts ? `t${has('id')}` : '';
      case 'low':
      case 'high':
        return c.priceCents === undefined ? '' : `p${has('ts')}${has('id')}`;
      case 'rate':
        return c.likes === undefined ? '' : `l${c.ts ? `t${has('id')}` : ''}`;
    }
  })();
  // A statement name (PGlite PREPAREs it by name): letters, digits and underscores only.
  return tieOnly ? `${shape}_tie` : shape;
}

/** Whether two rows of a list share the sort fields a client's cursor may stop at (spec 2.3), ids aside. */
function sameCursorKey(sort: ListSort, a: SortKeyRow, b: SortKeyRow): boolean {
  switch (sort) {
    case 'def':
    case 'old':
      return a.timeListed === b.timeListed;
    case 'low':
    case 'high':
      return a.priceCents === b.priceCents && a.timeListed === b.timeListed;
    case 'rate':
      return a.saveCount === b.saveCount && a.timeListed === b.timeListed;
  }
}

type SortKeyRow = Pick<ListRow, 'id' | 'timeListed' | 'priceCents' | 'saveCount'>;

/** The full cursor of a row: every sort field and its id. */
const cursorAt = (row: SortKeyRow): Cursor => ({ ts: row.timeListed, priceCents: row.priceCents, likes: row.saveCount, id: row.id });

/**
 * How long a page may grow to close a tie, in pages. A page ends where no client's cursor can lose a listing,
 * but a group of listings sharing one time (a batch import stamped with the same second) can be any size; past
 * this bound the page ends inside the group instead, and a client that sends `cursorId` (the web client does)
 * pages on exactly through it. Only a client sending the spec's cursor alone would skip the rest of such a group.
 */
export const TIE_PAGE_LIMIT_PAGES = 4;

/**
 * A page of `pageSize` rows from a read of one row more, ended where no client's cursor can lose a listing: when
 * the next row shares the last one's cursor fields (a time, or a price and a time), the rest of that group joins
 * the page, up to TIE_PAGE_LIMIT_PAGES pages in all. A client that pages with the spec's cursor (no id) then
 * starts after the whole group; a longer page still reads as a full one. The rest of a group is one index range
 * (its key is fixed), read only when needed.
 */
export async function restOfTie(db: Queryable, o: ListOptions, rows: ListRow[], pageSize: number): Promise<ListRow[]> {
  if (rows.length <= pageSize) return rows;
  const page = rows.slice(0, pageSize);
  const last = page[pageSize - 1]!;
  if (!sameCursorKey(o.sort, last, rows[pageSize]!)) return page;
  const limit = pageSize * (TIE_PAGE_LIMIT_PAGES - 1);
  const rest = await listPage(db, {
    ...o,
    fromDay: undefined,
    walkWindow: undefined,
    beforeDay: undefined,
    byWords: undefined,
    cursor: cursorAt(last),
    tieOnly: true,
    limit,
  });
  return [...page, ...rest];
}

/**
 * The full-text match. For a walk of the window it is wrapped so no index can serve it: the planner then walks
 * items_feed_idx from the newest listing to the window's start at most, instead of reading every match.
 */
const searchCondition = (tsquery: SQL, forWalk: boolean) =>
  forWalk ? sql`coalesce(${items.search} @@ ${tsquery}, false)` : sql`${items.search} @@ ${tsquery}`;

/**
 * Newest first, in an order no index provides: the same order (the columns are NOT NULL), but the planner cannot
 * walk items_feed_idx for it and filter. A search's window (fromDay) must be read through items_search_day_idx,
 * whose cost is bounded by the listings of the window; a walk filtered by the day would not stop at the window.
 * The same for a rare search's listings (byWords).
 */
const newestFirstBySort = [sql`${items.timeListed} desc nulls first`, sql`${items.id} desc nulls first`];

function scopeCondition(scope: ListScope, v: Bind): SQL | undefined {
  switch (scope.kind) {
    // A removed account's unsold listings are withdrawn with it (accounts scrubUser): no seller condition needed.
    case 'public':
      return publicItem;
    case 'sellerPublic':
      return and(
        publicItem,
        sql`${items.sellerId} = (select ${users.id} from ${users} where lower(${users.username}) = lower(${v('username', scope.username)}) and ${users.removedAt} is null)`,
      );
    case 'listed':
      return and(sql`${items.sellerId} = ${v('userId', scope.userId)}::uuid`, isNull(items.removedAt));
    case 'sold':
      return and(sql`${items.sellerId} = ${v('userId', scope.userId)}::uuid`, isNotNull(items.purchaserId));
    case 'purchased':
      return sql`${items.purchaserId} = ${v('userId', scope.userId)}::uuid`;
    case 'followed':
      return and(
        publicItem,
        sql`${items.sellerId} in (select ${follows.followedId} from ${follows} where ${follows.followerId} = ${v('userId', scope.userId)}::uuid)`,
      );
  }
}

const scopeUserId = (scope: ListScope) => (scope.kind === 'public' || scope.kind === 'sellerPublic' ? undefined : scope.userId);

/**
 * A search text's full-text queries in tsquery text form (search_tsqueries(), migration 0025). `exact`: the words
 * in name (A) or description (B), or every word the start of a name word; `typo`: every word matched through a typo
 * or resemblance (anywhere since issue 36, migration 0033) where `exact` does not match (undefined when no word has one); `broad`: either.
 * `exact` is empty when the text has no words. Computed first, so the page query carries it as a value the
 * planner can estimate from the column's statistics (few matches: the GIN index; many: the sort index, stopping
 * after one page).
 */
export interface SearchTsqueries {
  exact: string;
  typo: string | undefined;
  broad: string;
}

export async function searchTsqueries(db: Queryable, text: string): Promise<SearchTsqueries> {
  const result = (await db.execute(sql`select exact::text as exact, typo::text as typo, broad::text as broad from search_tsqueries(${text})`)) as unknown as {
    rows: Array<{ exact: string | null; typo: string | null; broad: string | null }>;
  };
  const row = result.rows[0];
  return { exact: row?.exact ?? '', typo: row?.typo || undefined, broad: row?.broad ?? '' };
}

/** How long a search text's expansion is reused: new listing words join typo matching within this time. */
const TSQUERY_TTL_MS = 60_000;
const TSQUERY_CACHE_SIZE = 1000;
const tsqueryCaches = new WeakMap<Queryable, Map<string, { tsqueries: SearchTsqueries; at: number }>>();

/**
 * searchTsqueries with a small per-database cache: popular searches repeat, and their expansion only changes when
 * the vocabulary of listing names grows, so a page of a repeated search is one query instead of two.
 */
async function cachedTsqueries(db: Queryable, text: string): Promise<SearchTsqueries> {
  let cache = tsqueryCaches.get(db);
  if (!cache) tsqueryCaches.set(db, (cache = new Map()));
  const hit = cache.get(text);
  if (hit && Date.now() - hit.at < TSQUERY_TTL_MS) return hit.tsqueries;
  // Issue 29: a text naming one of the hobby's synonyms is widened to the other forms (search-synonyms.ts).
  const tsqueries = (await synonymTsqueries(db, text)) ?? (await searchTsqueries(db, text));
  setNewest(cache, text, { tsqueries, at: Date.now() }, TSQUERY_CACHE_SIZE);
  return tsqueries;
}

/** The options with their search resolved to every match (`broad`); undefined when the search cannot match anything. */
export async function withTsquery(db: Queryable, o: ListOptions): Promise<ListOptions | undefined> {
  if (!o.search) return o;
  const { exact, broad } = await cachedTsqueries(db, o.search);
  return exact ? { ...o, tsquery: broad } : undefined;
}

/**
 * A search's two tiers as list options: exact and prefix matches, then typo matches (search-tiers.ts); undefined
 * when the search cannot match anything.
 */
export async function searchTiers(db: Queryable, o: ListOptions): Promise<{ exact: ListOptions; typo: ListOptions | undefined } | undefined> {
  if (!o.search) return undefined;
  const { exact, typo } = await cachedTsqueries(db, o.search);
  if (!exact) return undefined;
  return { exact: { ...o, tsquery: exact }, typo: typo ? { ...o, tsquery: typo } : undefined };
}

/** Whether the cursor has the fields its sort pages by (else the list starts at its beginning). */
export const hasCursor = (sort: ListSort, c: Cursor) => afterCursor(sort, c, asValue, false) !== undefined;

/**
 * Whether a public listing matches a tsquery, bound as a value: the planner sees it (a word found nowhere is one
 * GIN lookup, never a walk of every listing in search of a first match).
 */
export async function publicMatchExists(db: Queryable, tsquery: string): Promise<boolean> {
  const [row] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(publicItem, sql`${items.search} @@ ${tsquery}::tsquery`))
    .limit(1);
  return row !== undefined;
}

/**
 * The words of a search text ('simple' lexemes) with each one's exact tier (search_tsqueries())
 * and its typo alternatives from the vocabulary of listing names, closest first (search_word_alternatives(),
 * migration 0025). The vocabulary holds words of listings that are not public too: see publicMatchExists.
 */
export async function searchWordsOf(db: Queryable, text: string): Promise<Array<{ word: string; exact: string; typos: string[] }>> {
  const result = (await db.execute(sql`
    select w.word, (search_tsqueries(w.word)).exact::text as exact,
      array(select a.word from search_word_alternatives(w.word) as a where a.typo order by a.rank) as typos
    from unnest(tsvector_to_array(to_tsvector('simple', ${text}))) as w(word)`)) as unknown as {
    rows: Array<{ word: string; exact: string; typos: string[] }>;
  };
  return result.rows;
}

/**
 * The page is chosen from items alone and its 36 sellers looked up after: a search that sorts thousands of
 * matches would otherwise join (and hash every seller for) all of them first. As `part` of a search's one statement
 * (search-statement.ts) it reads only when `gate` holds, leads each row with the part's number and numbers the rows.
 */
export function buildListQuery(db: Queryable, o: ListOptions, v: Bind, part?: { index: number; gate: SQL | undefined }) {
  const categoryIds = o.categoryIds ?? [];
  const regionCodes = o.regionCodes ?? [];
  const walk = o.fromDay !== undefined && o.walkWindow === true;
  const pageOrder = o.specPlan === 'matches' ? matchesOrder(o.sort) : o.sort === 'def' && ((o.fromDay !== undefined && !walk) || o.byWords) ? newestFirstBySort : orderFor(o.sort);
  const page = db
    .select({ ...listingColumns, listingSellerId: items.sellerId })
    .from(items)
    .where(
      // Issue 37: a walked spec filter's page reads its ids on their own first (spec-plan.ts).
      walkedIds(o.specPlan === 'walk', pageOrder, o.limit, and(
        scopeCondition(o.scope, v),
        categoryIds.length ? inArray(items.categoryId, categoryIds.map((id, i) => v(`category${i}`, id))) : undefined,
        o.saleTypeId ? sql`${items.saleTypeId} = ${v('saleTypeId', o.saleTypeId)}` : undefined,
        // Written, not bound, like publicItem: the newest-first walk of items_trades_feed_idx needs to see it.
        o.openToTrades ? sql`${items.openToTrades}` : undefined,
        regionCodes.length
          ? sql`${items.shipRegions} && array[${sql.join(
              regionCodes.map((code, i) => sql`${v(`region${i}`, code)}`),
              sql`, `,
            )}]::text[]`
          : undefined,
        specCondition(o.specs, v, undefined, o.specPlan === 'walk'),
        o.search ? searchCondition(sql`${v('tsquery', o.tsquery ?? '')}::tsquery`, walk) : undefined,
        o.fromDay === undefined
          ? undefined
          : walk
            ? sql`${items.timeListed} >= ${v('from', dayStart(o.fromDay))}::timestamptz`
            : sql`${items.listedDay} >= ${v('fromDay', o.fromDay)}::integer`,
        // On the time, not the day: a walk of items_feed_idx starts there.
        o.beforeDay === undefined ? undefined : sql`${items.timeListed} < ${v('before', dayStart(o.beforeDay))}::timestamptz`,
        afterCursor(o.sort, o.cursor, v, o.tieOnly === true),
        o.awaySellerIds?.length ? sql`${items.sellerId} <> all(${v('awayIds', awayIdsArray(o.awaySellerIds))}::uuid[])` : undefined,
        part?.gate,
      )),
    )
    .orderBy(...pageOrder)
    .limit(literalLimit(o.limit))
    .as('page');
  const { listingSellerId, ...pageListing } = page._.selectedFields;
  // A lookup per card. Its LIMIT (one row by primary key anyway) keeps the planner from flattening it into a join
  // it may run as a hash of every seller.
  const seller = db
    .select(sellerColumns)
    .from(users)
    .where(eq(users.id, listingSellerId))
    .limit(literalLimit(1))
    .as('seller');
  // The owner's Sold and Purchased tabs carry each item's order (issue 26): one lookup by orders_item_key per card.
  const order =
    o.scope.kind === 'sold' || o.scope.kind === 'purchased'
      ? [
          sql`(select json_build_object('_id', o.id, 'status', o.status, 'late', o.shipped_at is null and o.status in ('paid', 'problem') and o.ship_by < now())
               from orders o where o.item_id = ${pageListing.id})`,
        ]
      : [];
  // By item_saves' key (user_id, item_id): one probe per card.
  const hearts = o.viewerId ? [sql`exists (select 1 from item_saves s where s.user_id = ${v('viewerId', o.viewerId)}::uuid and s.item_id = ${pageListing.id})`] : [];
  const lead = part ? [sql.raw(String(part.index))] : [];
  const numbered: Record<string, SQL> = part ? { n: sql`row_number() over (order by ${sql.join(orderFor(o.sort, page), sql`, `)})` } : {};
  return db
    .select({ ...jsonArrayRow([...lead, ...Object.values(pageListing), ...Object.values(seller._.selectedFields), ...hearts, ...order]), ...numbered })
    .from(page)
    .crossJoinLateral(seller)
    .orderBy(...orderFor(o.sort, page));
}

/** Away sellers' ids as one array literal: one parameter whatever their number, so one prepared shape. */
const awayIdsArray = (ids: string[]) => `{${ids.join(',')}}`;

/** A page query with its values in it: for EXPLAIN (explain.test.ts, the benchmark). */
export const listQuery = (db: Queryable, o: ListOptions) => buildListQuery(db, o, asValue);

/** A card's row: a listing's columns and its seller's (summaryColumns), the listing time as ISO text. */
export type ListRow = Omit<InferColumnsDataTypes<Omit<typeof summaryColumns, 'timestamped' | 'tradePending' | 'traded'>>, 'timeListed'> & {
  timeListed: string;
  timestamped: boolean;
  tradePending: boolean;
  traded: boolean;
  order?: ListOrder | null;
  /** Whether the viewer saved it: on the pages of a signed-in viewer (ListOptions.viewerId). */
  saved?: boolean;
};
/** The item's order, on the Sold and Purchased tabs only. */
export interface ListOrder {
  _id: string;
  status: 'paid' | 'shipped' | 'received' | 'problem' | 'refunded';
  late: boolean;
}

/**
 * A row of the page query (jsonRows) as an object, its select list in order: the listing's columns, then the
 * seller's. One object literal per row; storing fifteen computed keys one at a time cost a list page more CPU.
 */
export function toListRow(values: unknown[]): ListRow {
  const [id, name, priceCents, priceSoldCents, thumbnail, photos, categoryId, saleTypeId, offersAccepted, isFixedPrice, timeListed, saveCount, timestamped, openToTrades, tradePending, traded, approvalStatus, sellerId, sellerUsername, sellerAvatar, ...extra] =
    values;
  const row = {
    id,
    name,
    priceCents,
    priceSoldCents,
    thumbnail,
    photos,
    categoryId,
    saleTypeId,
    offersAccepted,
    isFixedPrice,
    timeListed: isoFromJson(timeListed as string),
    saveCount,
    timestamped,
    openToTrades,
    tradePending,
    traded,
    approvalStatus,
    sellerId,
    sellerUsername,
    sellerAvatar,
  } as ListRow;
  // After the seller: the viewer's heart (a boolean) when signed in, then the item's order (an object, or null for an
  // item sold before orders had one) on the Sold and Purchased pages only.
  if (typeof extra[0] === 'boolean') row.saved = extra.shift() as boolean;
  if (extra.length > 0) row.order = extra[0] as ListOrder | null;
  return row;
}

// The reader above and the select list must name the columns in the same order: checked once, at load, with
// each column's name as its value (and a time for the time).
const selectOrder = Object.keys(summaryColumns);
const AT = '2000-01-01T00:00:00+00:00';
const readBack: Record<string, unknown> = toListRow(selectOrder.map((key) => (key === 'timeListed' ? AT : key)));
if (Object.keys(readBack).length !== selectOrder.length || selectOrder.some((key) => readBack[key] !== (key === 'timeListed' ? isoFromJson(AT) : key))) {
  throw new Error('toListRow reads the page columns in another order than summaryColumns selects them');
}

/**
 * Public lists and a seller's profile without filters or search are a walk of the index of their sort, whatever
 * the cursor: their generic plan is always right (db/client.ts, PlanReuse). With a category, region or sale type,
 * or a follow list, the best plan depends on the values (a rare category reads its own matches instead of walking
 * the feed), so PostgreSQL decides.
 */
const planReuse = (o: ListOptions): PlanReuse =>
  (o.scope.kind === 'public' || o.scope.kind === 'sellerPublic') && !o.search && !o.categoryIds?.length && !o.regionCodes?.length && !o.saleTypeId && !hasSpecFilter(o.specs)
    ? 'generic'
    : 'kept';

/** List queries by shape: their statement name and SQL, rendered once with placeholders for the values. */
const preparedLists = new Map<string, { name: string; query: RenderedQuery }>();

/**
 * One page of a list, each row one JSON array (jsonRows). The SQL of each query shape (scope, sort, cursor fields,
 * number of categories and regions, search, day bounds, page size) is built once. Lists without search and the
 * window of a search run as named prepared statements, parsed once per connection and then only bound, which
 * halves the database's work per page. Any other search runs unnamed: PostgreSQL plans it with the values bound,
 * so the planner sees its tsquery and picks the index that suits how many rows match.
 */
export async function listPage(db: Queryable, o: ListOptions): Promise<ListRow[]> {
  const shape = listShape(o);
  let prepared = preparedLists.get(shape);
  if (!prepared) {
    prepared = { name: `items_list_${shape}`, query: buildListQuery(db, o, asPlaceholder).toSQL() };
    preparedLists.set(shape, prepared);
  }
  const values = listValues(o);
  const query = { sql: prepared.query.sql, params: fillPlaceholders(prepared.query.params, values) };
  // A search's window is read the way the API chose (walked or through the day index), whatever the values: a
  // kept plan serves it. Any other search is planned with its values each time.
  const keepsPlan = !o.search || o.fromDay !== undefined;
  return (await jsonRows(db, query, keepsPlan ? prepared.name : undefined, planReuse(o))).map(toListRow);
}

/** A list query's shape: what its SQL depends on besides the values (a prepared statement per shape). */
export function listShape(o: ListOptions): string {
  const days = `${o.fromDay === undefined ? '' : o.walkWindow ? 'w' : 'f'}${o.beforeDay === undefined ? '' : 'b'}${o.byWords ? 'g' : ''}`;
  const filters = [o.categoryIds?.length ?? 0, o.regionCodes?.length ?? 0, o.saleTypeId ? 's' : '', o.openToTrades ? 't' : '', specShape(o.specs), o.specPlan ?? ''];
  return [o.scope.kind, o.sort, cursorShape(o.sort, o.cursor, o.tieOnly === true), ...filters, o.search ? 'q' : '', o.awaySellerIds?.length ? 'a' : '', days, o.viewerId ? 'h' : '', o.limit].join('_');
}

/** The values of a list query's placeholders, by name. */
export function listValues(o: ListOptions): Record<string, unknown> {
  const values: Record<string, unknown> = {
    userId: scopeUserId(o.scope),
    username: o.scope.kind === 'sellerPublic' ? o.scope.username : undefined,
    saleTypeId: o.saleTypeId,
    tsquery: o.tsquery ?? '',
    ts: o.cursor.ts,
    cursorId: o.cursor.id,
    priceCents: o.cursor.priceCents,
    likes: o.cursor.likes,
    fromDay: o.fromDay,
    from: o.fromDay === undefined ? undefined : dayStart(o.fromDay),
    before: o.beforeDay === undefined ? undefined : dayStart(o.beforeDay),
    awayIds: o.awaySellerIds?.length ? awayIdsArray(o.awaySellerIds) : undefined,
    viewerId: o.viewerId,
  };
  o.categoryIds?.forEach((id, i) => (values[`category${i}`] = id));
  o.regionCodes?.forEach((code, i) => (values[`region${i}`] = code));
  return Object.assign(values, specValues(o.specs));
}

/**
 * The vault's Saved tab: the user's saved, not-removed items, newest save first; cursor = the last savedAt (+ id).
 * Read one row more than a page, and a page never ends inside saves made at the same time, up to the same bound
 * as restOfTie: the spec's cursor is the time alone.
 */
export async function savedPage(db: Queryable, o: { userId: string; cursor: Cursor; limit: number }): Promise<SavedRow[]> {
  const rows = await savedRows(db, o.userId, o.cursor, o.limit + 1, false);
  if (rows.length <= o.limit) return rows;
  const page = rows.slice(0, o.limit);
  const last = page[o.limit - 1]!;
  if (rows[o.limit]!.savedAt !== last.savedAt) return page;
  return [...page, ...(await savedRows(db, o.userId, { ts: last.savedAt, id: last.id }, o.limit * (TIE_PAGE_LIMIT_PAGES - 1), true))];
}

/** A Saved tab card's row: the time of the save, and the price drop it shows (issue 29), if any. */
export type SavedRow = ListRow & { savedAt: string; priceDrop: { fromCents: number; at: string } | null };

/**
 * Issue 29: the listing's last drop, when it came after this save, within priceDropShownDays, and the price is
 * still below where it dropped from.
 */
const savedPriceDrop = sql`case when ${items.priceDroppedAt} > ${itemSaves.createdAt}
    and ${items.priceDroppedAt} > now() - ${sql.raw(`interval '${SELLER_TOOL_LIMITS.priceDropShownDays} days'`)}
    and ${items.priceCents} < ${items.priceDroppedFromCents}
  then json_build_array(${items.priceDroppedFromCents}, ${items.priceDroppedAt}) end`;

async function savedRows(db: Queryable, userId: string, cursor: Cursor, limit: number, tieOnly: boolean): Promise<SavedRow[]> {
  const { ts, id } = cursor;
  const query = db
    .select(jsonArrayRow([...Object.values(summaryColumns).map(asExpression), itemSaves.createdAt, savedPriceDrop]))
    .from(itemSaves)
    .innerJoin(items, eq(items.id, itemSaves.itemId))
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(
      and(
        eq(itemSaves.userId, userId),
        isNull(items.removedAt),
        ts
          ? tieOnly
            ? sql`${itemSaves.createdAt} = ${ts}::timestamptz and ${itemSaves.itemId} < ${id}::uuid`
            : id
              ? sql`(${itemSaves.createdAt}, ${itemSaves.itemId}) < (${ts}::timestamptz, ${id}::uuid)`
              : sql`${itemSaves.createdAt} < ${ts}::timestamptz`
          : undefined,
      ),
    )
    .orderBy(sql`${itemSaves.createdAt} desc nulls last`, sql`${itemSaves.itemId} desc nulls last`)
    .limit(literalLimit(limit))
    .toSQL();
  // A card's columns in the page query's order (summaryColumns), then the time of the save and the drop.
  return (await jsonRows(db, query)).map((values) => {
    const drop = values[selectOrder.length + 1] as [number, string] | null;
    // Only the card's own columns to toListRow: the save's time sits where the Sold tab's order would.
    return { ...toListRow(values.slice(0, selectOrder.length)), savedAt: isoFromJson(values[selectOrder.length] as string), priceDrop: drop && { fromCents: drop[0], at: isoFromJson(drop[1]) } };
  });
}

/** A user by username (case-insensitive, users_username_lower_key), not removed. */
export async function userIdByUsername(db: Queryable, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.removedAt)))
    .limit(1);
  return row?.id;
}
