import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { follows, itemSaves, itemShipping, items, users } from '../../db/schema/index';

export type ListSort = 'def' | 'old' | 'low' | 'high' | 'rate';

/** Approved, unsold, not removed: the predicate of every public partial index (items_*_idx ... WHERE). */
export const publicItem = and(eq(items.approvalStatus, 'approved'), isNull(items.purchaserId), isNull(items.removedAt));

/** The last item of the previous page. `ts` is an ISO timestamp (millisecond precision, like the column). */
export interface Cursor {
  ts?: string | undefined;
  priceCents?: number | undefined;
  likes?: number | undefined;
  id?: string | undefined;
}

export type ListScope =
  | { kind: 'public' }
  /** A seller's public listings (their profile). */
  | { kind: 'sellerPublic'; sellerId: string }
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
  /** Trimmed, non-empty search text. */
  search?: string | undefined;
  /** The search as a tsquery (withTsquery sets it); a search without one matches nothing. */
  tsquery?: string | undefined;
  sort: ListSort;
  cursor: Cursor;
  limit: number;
}

const summaryColumns = {
  id: items.id,
  name: items.name,
  priceCents: items.priceCents,
  priceSoldCents: items.priceSoldCents,
  thumbnail: items.thumbnail,
  photos: items.photos,
  categoryId: items.categoryId,
  saleTypeId: items.saleTypeId,
  offersAccepted: items.offersAccepted,
  isFixedPrice: items.isFixedPrice,
  timeListed: items.timeListed,
  saveCount: items.saveCount,
  sellerId: users.id,
  sellerUsername: users.username,
  sellerAvatar: users.avatar,
};

const tsParam = (ts: string) => sql`${ts}::timestamptz`;
const idParam = (id: string) => sql`${id}::uuid`;

/**
 * Keyset condition after the cursor. With `id` it is a row comparison on the full sort key (no skips or repeats
 * among equal timestamps or prices); without it (older clients) a strict comparison on the first key.
 */
function afterCursor(sort: ListSort, c: Cursor): SQL | undefined {
  switch (sort) {
    case 'def':
    case 'old': {
      if (!c.ts) return undefined;
      const op = sort === 'def' ? sql`<` : sql`>`;
      return c.id
        ? sql`(${items.timeListed}, ${items.id}) ${op} (${tsParam(c.ts)}, ${idParam(c.id)})`
        : sql`${items.timeListed} ${op} ${tsParam(c.ts)}`;
    }
    case 'low':
    case 'high': {
      if (c.priceCents === undefined) return undefined;
      const op = sort === 'low' ? sql`>` : sql`<`;
      return c.id
        ? sql`(${items.priceCents}, ${items.id}) ${op} (${c.priceCents}::integer, ${idParam(c.id)})`
        : sql`${items.priceCents} ${op} ${c.priceCents}::integer`;
    }
    case 'rate': {
      if (c.likes === undefined) return undefined;
      if (c.ts && c.id)
        return sql`(${items.saveCount}, ${items.timeListed}, ${items.id}) < (${c.likes}::integer, ${tsParam(c.ts)}, ${idParam(c.id)})`;
      if (c.ts) return sql`(${items.saveCount}, ${items.timeListed}) < (${c.likes}::integer, ${tsParam(c.ts)})`;
      return sql`${items.saveCount} < ${c.likes}::integer`;
    }
  }
}

/**
 * ORDER BY per sort, with the NULLS order of the index it walks (drizzle-kit writes DESC NULLS LAST and ASC
 * NULLS LAST; a backward walk reads ASC NULLS FIRST / DESC NULLS FIRST). Every column is NOT NULL anyway.
 */
function orderFor(sort: ListSort): SQL[] {
  switch (sort) {
    case 'def':
      return [sql`${items.timeListed} desc nulls last`, sql`${items.id} desc nulls last`]; // items_feed_idx forward
    case 'old':
      return [sql`${items.timeListed} asc nulls first`, sql`${items.id} asc nulls first`]; // items_feed_idx backward
    case 'low':
      return [sql`${items.priceCents} asc nulls last`, sql`${items.id} asc nulls last`]; // items_price_idx forward
    case 'high':
      return [sql`${items.priceCents} desc nulls first`, sql`${items.id} desc nulls first`]; // items_price_idx backward
    case 'rate':
      return [sql`${items.saveCount} desc nulls last`, sql`${items.timeListed} desc nulls last`, sql`${items.id} desc nulls last`];
  }
}

function scopeCondition(scope: ListScope): SQL | undefined {
  switch (scope.kind) {
    case 'public':
      return and(publicItem, isNull(users.removedAt));
    case 'sellerPublic':
      return and(publicItem, eq(items.sellerId, scope.sellerId));
    case 'listed':
      return and(eq(items.sellerId, scope.userId), isNull(items.removedAt));
    case 'sold':
      return and(eq(items.sellerId, scope.userId), isNotNull(items.purchaserId));
    case 'purchased':
      return eq(items.purchaserId, scope.userId);
    case 'followed':
      return and(
        publicItem,
        isNull(users.removedAt),
        sql`${items.sellerId} in (select ${follows.followedId} from ${follows} where ${follows.followerId} = ${scope.userId})`,
      );
  }
}

/** Search: the page's full-text query (from searchTsquery) over items.search (GIN items_search_idx). */
function searchCondition(tsquery: string): SQL {
  return sql`${items.search} @@ ${tsquery}::tsquery`;
}

/**
 * A search text as its full-text query, in tsquery text form: search_tsquery() (migration 0008) matches the words
 * in name (A) or description (B), and typos or partial words through the vocabulary of listing names. Empty when
 * the text has no words. Computed first, so the page query carries it as a value the planner can estimate from
 * the column's statistics (few matches: the GIN index; many: the sort index, stopping after one page).
 */
export async function searchTsquery(db: Queryable, text: string): Promise<string> {
  const result = (await db.execute(sql`select search_tsquery(${text})::text as q`)) as unknown as { rows: Array<{ q: string | null }> };
  return result.rows[0]?.q ?? '';
}

/** The options with their search resolved to a tsquery; undefined when the search cannot match anything. */
export async function withTsquery(db: Queryable, o: ListOptions): Promise<ListOptions | undefined> {
  if (!o.search) return o;
  const tsquery = await searchTsquery(db, o.search);
  return tsquery ? { ...o, tsquery } : undefined;
}

export function listPage(db: Queryable, o: ListOptions) {
  return db
    .select(summaryColumns)
    .from(items)
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(
      and(
        scopeCondition(o.scope),
        o.categoryIds?.length ? inArray(items.categoryId, o.categoryIds) : undefined,
        o.saleTypeId ? eq(items.saleTypeId, o.saleTypeId) : undefined,
        o.regionCodes?.length
          ? sql`exists (select 1 from ${itemShipping} where ${itemShipping.itemId} = ${items.id} and ${inArray(itemShipping.regionCode, o.regionCodes)})`
          : undefined,
        o.search ? searchCondition(o.tsquery ?? '') : undefined,
        afterCursor(o.sort, o.cursor),
      ),
    )
    .orderBy(...orderFor(o.sort))
    .limit(o.limit);
}

/** The vault's Saved tab: the user's saved, not-removed items, newest save first; cursor = the last savedAt (+ id). */
export function savedPage(db: Queryable, o: { userId: string; cursor: Cursor; limit: number }) {
  const { ts, id } = o.cursor;
  return db
    .select({ ...summaryColumns, savedAt: itemSaves.createdAt })
    .from(itemSaves)
    .innerJoin(items, eq(items.id, itemSaves.itemId))
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(
      and(
        eq(itemSaves.userId, o.userId),
        isNull(items.removedAt),
        ts
          ? id
            ? sql`(${itemSaves.createdAt}, ${itemSaves.itemId}) < (${tsParam(ts)}, ${idParam(id)})`
            : sql`${itemSaves.createdAt} < ${tsParam(ts)}`
          : undefined,
      ),
    )
    .orderBy(sql`${itemSaves.createdAt} desc nulls last`, sql`${itemSaves.itemId} desc nulls last`)
    .limit(o.limit);
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
