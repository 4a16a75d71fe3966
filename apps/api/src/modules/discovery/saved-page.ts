/**
 * The vault's Saved tab: the user's saved listings, newest save first, each with the price drop it shows. Its own
 * query (from item_saves, keyset on the save's time) rather than a scope of the list page, but it selects and reads
 * a card the same way (list-row.ts) and closes a tie with the same bound (list-cursor.ts).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SELLER_TOOL_LIMITS } from '@keeb/shared';
import { isoFromJson, jsonArrayRow, jsonRows, type Queryable } from '../../db/client';
import { itemSaves, items, users } from '../../db/schema/index';
import { literalLimit, type Cursor } from './list-options';
import { asExpression, selectOrder, summaryColumns, toListRow, type ListRow } from './list-row';
import { TIE_PAGE_LIMIT_PAGES } from './list-cursor';

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
