import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Issue 29: maintained facet counters. For every public listing, +1 on each single tag, each pair and each triple of
 * its counted spec tags (choice, multi and flag keys), per category; tags sorted within a row (tag_a < tag_b < tag_c
 * in byte order, '' for absent). Kept by the items trigger spec_counts_sync (migration 0031) and rebuilt set-based
 * by spec_counts_rebuild(); read by the facets (discovery/facet-counters.ts). Rows that fall to 0 are kept.
 */
export const specCounts = pgTable(
  'spec_counts',
  {
    categoryId: text('category_id').notNull(),
    tagA: text('tag_a').notNull(),
    tagB: text('tag_b').notNull().default(''),
    tagC: text('tag_c').notNull().default(''),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.tagA, t.tagB, t.tagC] })],
);
