import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Issue 37: the profile header's counts, kept by triggers (migration 0034) instead of counted per request (the
 * busiest seller's listings for sale were 17k index entries a view). One row per user with anything to count; no
 * row reads as all zeros. Each column has the live count's definition (discovery/profiles-repo.ts):
 * - sales: their listings with a purchaser; forSale: their public listings (approved, unsold, not removed);
 * - karma: the sum of their karma_ledger rows;
 * - followers / following: follows whose other side is an account not removed.
 * Kept by triggers on items (per statement), follows, karma_ledger and users (removal and deletion); rebuilt set-based by
 * user_counts_rebuild() (the migration's backfill, bench/fill.ts after its trigger-less load).
 */
export const userCounts = pgTable('user_counts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sales: integer('sales').notNull().default(0),
  forSale: integer('for_sale').notNull().default(0),
  karma: integer('karma').notNull().default(0),
  followers: integer('followers').notNull().default(0),
  following: integer('following').notNull().default(0),
});
