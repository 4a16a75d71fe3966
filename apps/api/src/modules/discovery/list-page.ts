/**
 * The feed and list page queries: each scope's condition, the filters, search match and day bounds, the page read
 * from items alone and its sellers looked up after, the prepared statement kept per query shape (preparedLists,
 * the one instance), and a page closed at the end of a tie (restOfTie). The options it is asked are in
 * list-options.ts, its keyset conditions in list-cursor.ts, its row reader in list-row.ts; what is left here is the
 * SQL of a list page and how it is prepared and run, which the EXPLAIN tests and the benchmark read.
 */
import { and, eq, fillPlaceholders, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { jsonArrayRow, jsonRows, type PlanReuse, type Queryable, type RenderedQuery } from '../../db/client';
import { follows, items, users } from '../../db/schema/index';
import { hasSpecFilter, specCondition, specShape, specValues } from './spec-filter';
import { matchesOrder, orderFor } from './list-order';
import { walkedIds } from './spec-plan';
import { asPlaceholder, asValue, dayStart, literalLimit, publicItem, type Bind, type ListOptions, type ListScope } from './list-options';
import { listingColumns, sellerColumns, toListRow, type ListRow } from './list-row';
import { afterCursor, cursorAt, cursorShape, sameCursorKey, TIE_PAGE_LIMIT_PAGES } from './list-cursor';

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

/** A user by username (case-insensitive, users_username_lower_key), not removed. */
export async function userIdByUsername(db: Queryable, username: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.removedAt)))
    .limit(1);
  return row?.id;
}
