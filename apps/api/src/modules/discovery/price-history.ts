import { sql, type SQL } from 'drizzle-orm';
import { centsToDollars, PRICE_HISTORY_MIN_SALES, PRICE_HISTORY_MONTHS, PRICE_HISTORY_RECENT, type PriceHistory } from '@keeb/shared';
import { isoFromJson, type Queryable } from '../../db/client';
import type { ListOptions } from './list-options';
import { withTsquery } from './search-tsqueries';
import { withinReference } from './known-filters';

const YEAR = sql.raw(`interval '${PRICE_HISTORY_MONTHS} months'`);

/**
 * The sales a search's filters and words match (ListOptions: the feed's own parsing, so a search shows the
 * history of the listings it finds): sold on the platform within the year, a listing its seller removed after the
 * sale included, since that sale was real. `purchaser_id is not null` is written out so the partial indexes
 * items_sold_search_idx (words) and items_sold_at_idx (the year) can serve it.
 */
function soldCondition(o: ListOptions): SQL {
  // A traded item (issue 28) has a receiver and no price: it was never a sale, so the history leaves it out.
  const conditions = [sql`i.purchaser_id is not null`, sql`i.price_sold_cents is not null`, sql`i.traded_at is null`, sql`i.sold_at >= now() - ${YEAR}`];
  if (o.categoryIds?.length) conditions.push(sql`i.category_id in (${sql.join(o.categoryIds.map((id) => sql`${id}`), sql`, `)})`);
  if (o.regionCodes?.length) conditions.push(sql`i.ship_regions && array[${sql.join(o.regionCodes.map((code) => sql`${code}`), sql`, `)}]::text[]`);
  if (o.saleTypeId) conditions.push(sql`i.sale_type_id = ${o.saleTypeId}`);
  if (o.tsquery) conditions.push(sql`i.search @@ ${o.tsquery}::tsquery`);
  return sql.join(conditions, sql` and `);
}

type Row = [count: number, median: number | null, min: number | null, max: number | null, recent: Array<[cents: number, soldAt: string, thumbnail: string, name: string]>];

/**
 * GET /api/items/price-history: the figures of the matching sales in one statement (sale prices without shipping,
 * nobody's name). Under PRICE_HISTORY_MIN_SALES sales only the count is told: one or two sales would be those
 * buyers' and sellers' prices, not a market's. The median is rounded to the cent.
 */
export async function priceHistory(db: Queryable, options: ListOptions): Promise<PriceHistory> {
  const none: PriceHistory = { count: 0, median: null, min: null, max: null, recent: [] };
  const known = withinReference(options);
  const resolved = known && (await withTsquery(db, known));
  if (!resolved) return none;
  const result = (await db.execute(sql`
    with sold as materialized (
      select i.id, i.price_sold_cents, i.sold_at, i.thumbnail, i.name from items i where ${soldCondition(resolved)}
    )
    select json_build_array(
      (select count(*) from sold),
      (select percentile_cont(0.5) within group (order by price_sold_cents) from sold),
      (select min(price_sold_cents) from sold),
      (select max(price_sold_cents) from sold),
      (select coalesce(json_agg(json_build_array(r.price_sold_cents, r.sold_at, r.thumbnail, r.name) order by r.sold_at desc, r.id desc), '[]')
         from (select * from sold order by sold_at desc, id desc limit ${sql.raw(String(PRICE_HISTORY_RECENT))}) r)
    )::text as row`)) as unknown as { rows: Array<{ row: string }> };
  const [count, median, min, max, recent] = JSON.parse(result.rows[0]!.row) as Row;
  if (count < PRICE_HISTORY_MIN_SALES) return { ...none, count };
  return {
    count,
    median: Math.round(median!) / 100,
    min: centsToDollars(min!),
    max: centsToDollars(max!),
    recent: recent.map(([cents, soldAt, thumbnail, name]) => ({ price: centsToDollars(cents), soldAt: isoFromJson(soldAt), thumbnail, name })),
  };
}
