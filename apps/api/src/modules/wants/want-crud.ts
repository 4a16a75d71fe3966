/**
 * A user's wants themselves: the per-user lock and counts behind the limits, the validation look-ups, creating,
 * reading, changing and deleting a want (with its stored query and anchors computed from its text and categories),
 * and the owner's list of wants with their match counts. Apart from the matches (want-matches.ts) and the matching
 * job and its mails (want-matching.ts): these are the statements of the Wants API's own calls.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { WantSpecs } from '@keeb/shared';
import type { Queryable, Tx } from '../../db/client';
import { synonymAnchors, synonymGroupsQuery, synonymsIn } from '../../db/search-synonyms';
import { users, wants } from '../../db/schema/index';

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A text[] of bound values (drizzle writes a JS array in a template as a list, not as one array value). */
const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/**
 * Locks the user's row: one create, resume or renew at a time per user, so parallel calls cannot pass the limits
 * together. NO KEY UPDATE: it does not wait for (or deadlock with) a match being inserted for this user, whose
 * foreign key check only takes KEY SHARE.
 */
export async function lockUser(tx: Tx, userId: string) {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for no key update`);
}

/** The user's wants that count against the active limit (neither paused nor lapsed), and all of them. */
export async function wantCounts(db: Queryable, userId: string): Promise<{ active: number; total: number }> {
  const [row] = await db
    .select({
      active: sql<number>`(count(*) filter (where not ${wants.paused} and ${wants.expiresAt} > now()))::int`,
      total: sql<number>`count(*)::int`,
    })
    .from(wants)
    .where(eq(wants.userId, userId));
  return row ?? { active: 0, total: 0 };
}

export interface WantFields {
  searchText: string;
  categoryIds: string[];
  regions: string[];
  maxPriceCents: number | null;
  saleTypeId: string | null;
  /** Issue 29: key -> values any of which will do, as checkWantSpecs keeps them ({} for none). */
  specs: WantSpecs;
}

/**
 * What validation needs from the database in one round trip: whether the text holds a search word (the same
 * parser as the feed's search, so '!!!' has none), and how many of the named categories, regions and sale type exist.
 */
export async function checkFields(db: Queryable, f: WantFields) {
  const result = await db.execute(sql`
    select cardinality(tsvector_to_array(to_tsvector('simple', ${f.searchText}))) > 0 as "hasWords",
      (select count(*)::int from categories where id = any(${textArray(f.categoryIds)})) as categories,
      (select count(*)::int from regions where code = any(${textArray(f.regions)})) as regions,
      (select count(*)::int from sale_types where id = ${f.saleTypeId}) as "saleTypes"`);
  return rowsOf<{ hasWords: boolean; categories: number; regions: number; saleTypes: number }>(result)[0]!;
}

/**
 * The stored query and anchors of a text and categories, as SQL for an insert or update: the feed's
 * search_tsquery and want_anchors (migration 0023), widened by the synonyms the text names, or with no words no query and one 'category:<id>' anchor per
 * category, so category-only wants are found from the listing's category.
 */
function searchColumns(f: Pick<WantFields, 'searchText' | 'categoryIds'>) {
  const words = sql`want_anchors(${f.searchText})`;
  const byCategory = sql`array(select 'category:' || c from unnest(${textArray(f.categoryIds)}) as c)`;
  const { groups, rest } = synonymsIn(f.searchText);
  if (groups.length === 0) {
    return {
      query: sql`case when ${words} is null then null else search_tsquery(${f.searchText}) end`,
      anchors: sql`coalesce(${words}, ${byCategory})`,
    };
  }
  // Issue 29: as the feed's search, a text naming a synonym also matches the rest of its words with any form of
  // the groups it names (db/search-synonyms.ts); such a listing holds one of the first group's anchors.
  const groupsQuery = synonymGroupsQuery(groups);
  const widened = rest ? sql`search_tsquery(${f.searchText}) || (search_tsquery(${rest}) && ${groupsQuery})` : sql`search_tsquery(${f.searchText}) || ${groupsQuery}`;
  return {
    query: sql`case when ${words} is null then null else ${widened} end`,
    anchors: sql`case when ${words} is null then ${byCategory} else array(select unnest(${words}) union select unnest(${synonymAnchors(groups)})) end`,
  };
}

const wantColumns = {
  id: wants.id,
  searchText: wants.searchText,
  categoryIds: wants.categoryIds,
  regions: wants.regions,
  maxPriceCents: wants.maxPriceCents,
  saleTypeId: wants.saleTypeId,
  specs: wants.specs,
  paused: wants.paused,
  expiresAt: wants.expiresAt,
  createdAt: wants.createdAt,
};
export type WantRow = { [K in keyof typeof wantColumns]: (typeof wants.$inferSelect)[K] };

export async function insertWant(tx: Tx, userId: string, f: WantFields, expiresAt: Date): Promise<WantRow> {
  const [row] = await tx
    .insert(wants)
    .values({ userId, ...f, ...searchColumns(f), expiresAt })
    .returning(wantColumns);
  if (!row) throw new Error('want insert returned nothing');
  return row;
}

/** One of the user's wants (another user's is not found), locked for the rest of the transaction when asked (as lockUser). */
export async function findWant(db: Queryable, userId: string, wantId: string, lock = false) {
  const query = db.select(wantColumns).from(wants).where(and(eq(wants.id, wantId), eq(wants.userId, userId)));
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

export interface WantPatch extends WantFields {
  paused: boolean;
  /** A new lifetime: its reminder is due again. */
  expiresAt?: Date | undefined;
  /** Recompute the stored query and anchors (the text or categories changed, or a renewal refreshes the typos). */
  recompute: boolean;
}

export async function updateWant(tx: Tx, wantId: string, p: WantPatch): Promise<WantRow> {
  const { recompute, expiresAt, ...fields } = p;
  const [row] = await tx
    .update(wants)
    .set({
      ...fields,
      ...(recompute ? searchColumns(fields) : {}),
      ...(expiresAt ? { expiresAt, expiryWarnedAt: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(wants.id, wantId))
    .returning(wantColumns);
  if (!row) throw new Error('want update returned nothing');
  return row;
}

export async function deleteWant(db: Queryable, userId: string, wantId: string): Promise<boolean> {
  const rows = await db
    .delete(wants)
    .where(and(eq(wants.id, wantId), eq(wants.userId, userId)))
    .returning({ id: wants.id });
  return rows.length > 0;
}

// Written out: drizzle leaves columns unqualified in a one-table select, where they would name the subquery's.
const shownCount = (unseenOnly: boolean) => sql<number>`(
  select count(*)::int from want_matches m join items i on i.id = m.item_id
  where m.want_id = "wants"."id" and i.removed_at is null and i.approval_status = 'approved'${unseenOnly ? sql` and m.seen_at is null` : sql``})`;

/** The owner's wants (or the one named), newest first (wants_user_idx), each with its shown matches and the unseen among them. */
export function wantsOf(db: Queryable, userId: string, wantId?: string) {
  return db
    .select({ ...wantColumns, matchCount: shownCount(false), newMatches: shownCount(true) })
    .from(wants)
    .where(and(eq(wants.userId, userId), wantId ? eq(wants.id, wantId) : undefined))
    .orderBy(sql`${wants.createdAt} desc nulls last`, sql`${wants.id} desc nulls last`);
}
