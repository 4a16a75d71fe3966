import { SPEC_TEXT_MAX } from '../specs/lists';

/** Item list page size (spec part 1 section 9): a full page means more may exist. */
export const ITEM_PAGE_SIZE = 36;

/**
 * Issue 36: the bounds of the list queries' filters (GET /api/items, /api/items/facets, /api/items/price-history,
 * POST /api/searchItems, /api/user/{id}/items/listed, /api/me/items/*). One anonymous query with 3,000 values in one
 * key slowed the whole site; 2,500 answered 500 (more bound values than a statement holds). Past a bound the API
 * answers 400 naming the field, before any database work.
 *
 * What the web can send (apps/web/src/features/discovery): the filters modal ticks values of one category's specs,
 * the longest list having 10 values (board sizes); a free text or a quantity offers its 20 most common values
 * (FACET_TOP_VALUES) and keeps any ticked one; the spec groups stop ticking at valuesPerKey. Categories are 5,
 * regions 7. The search box takes 200 characters. docs/decisions/0517-list-filters-bounded-where-query-parsed.md.
 */
export const LIST_FILTER_LIMITS = {
  /** Values of one list-valued parameter: 20 offered for a text or a quantity, and room for a few kept ticked. */
  valuesPerKey: 24,
  /** Characters of one value: the longest value any list holds (a free-text spec, SPEC_TEXT_MAX). */
  valueLength: SPEC_TEXT_MAX,
  /** Characters of the feed's search text (the search box's maxLength). */
  searchTextLength: 200,
  /**
   * Characters of every parameter's text together: above what the modal can send at most (an artisan's three free-text
   * specs full, 3 x 24 x 60, with the search, the conditions and the regions), well under the 14 KB URL of the probe.
   */
  queryLength: 6000,
} as const;
