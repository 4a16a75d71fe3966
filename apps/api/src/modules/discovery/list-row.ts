/**
 * A card's row: the listing and seller columns every list selects (summaryColumns), the row type, and toListRow,
 * which reads a page query's JSON array back into an object by position. The select list and the reader must name
 * the columns in the same order, so both live here with the load-time check that they do; the feed and search
 * pages (list-page.ts) and the Saved tab (saved-page.ts) both select and read through them.
 */
import { is, SQL, type InferColumnsDataTypes, type SQLWrapper } from 'drizzle-orm';
import { isoFromJson } from '../../db/client';
import { listingCardColumns } from '../../db/listing-card';
import { items, users } from '../../db/schema/index';

/**
 * A card's listing columns; the seller's are sellerColumns. summaryColumns joins both, in the order every list
 * row is selected and read back (toListRow).
 */
export const listingColumns = { ...listingCardColumns, approvalStatus: items.approvalStatus };

export const sellerColumns = { sellerId: users.id, sellerUsername: users.username, sellerAvatar: users.avatar };

export const summaryColumns = { ...listingColumns, ...sellerColumns };

/** A column of summaryColumns inside json_build_array: a computed one (timestamped) without its alias. */
export const asExpression = (column: (typeof summaryColumns)[keyof typeof summaryColumns]): SQLWrapper => (is(column, SQL.Aliased) ? column.sql : column);

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
export const selectOrder = Object.keys(summaryColumns);
const AT = '2000-01-01T00:00:00+00:00';
const readBack: Record<string, unknown> = toListRow(selectOrder.map((key) => (key === 'timeListed' ? AT : key)));
if (Object.keys(readBack).length !== selectOrder.length || selectOrder.some((key) => readBack[key] !== (key === 'timeListed' ? isoFromJson(AT) : key))) {
  throw new Error('toListRow reads the page columns in another order than summaryColumns selects them');
}
