/**
 * What a list query is asked, and the pieces of its SQL every list reader shares: the options of a page (scope,
 * filters, search, sort, cursor, the read's shape), the public-listing predicate and the literal LIMIT (both written
 * into the SQL text so a prepared list's generic plan sees them), the listing-day arithmetic of a search's window, and
 * how a value enters a query (bound as itself, or as a named placeholder). Apart from the queries themselves
 * (list-page.ts), so the keyset (list-cursor.ts), search (search-tsqueries.ts) and saved-page (saved-page.ts) modules
 * can name them without importing the page query.
 */
import { and, isNull, sql, type Placeholder } from 'drizzle-orm';
import { items } from '../../db/schema/index';
import type { SpecFilter } from '@keeb/shared';

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
export const literalLimit = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

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

/**
 * Issue 37: how a spec-filtered feed page reads its listings. PostgreSQL guesses a combination's share of a category
 * from each tag's statistics as if tags were independent and spread over every category, and guessed most of the
 * bench's 20 size + mounting combinations (0.6% to 10% of the keyboards) to be rare: it read all their matches
 * through items_spec_tags_idx (1,100 to 19,000 heap pages) to sort them for one page. spec_counts (migration 0031)
 * knows the count, so the service chooses:
 * - 'walk': the page's ids from items_category_specs_idx (migration 0035), newest first in the category, the tags
 *   checked in the index's own rows: an index-only scan, so a listing that does not match costs no heap read; then
 *   the page's listings by id. Its cost is about pageSize x (listings in the category) / matches index rows.
 * - 'matches': the matches read through items_spec_tags_idx and sorted (matchesOrder); its cost is one heap page per
 *   match, whatever the category's size.
 */
export type SpecPlan = 'walk' | 'matches';

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
export const dayStart = (day: number) => new Date(DAY_ZERO + day * DAY_MS).toISOString();

/**
 * How a value enters a list query: as itself (a one-off query, planned with its values) or as a named placeholder
 * (a prepared query, built and parsed once and then only bound; see listPage).
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder;
export const asValue: Bind = (_name, value) => value;
export const asPlaceholder: Bind = (name) => sql.placeholder(name);
