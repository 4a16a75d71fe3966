import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Who follows which seller; the vault's Followed Sellers tab and the profile's follower counts read it. */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: uuid('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Millisecond precision, like the `ts` cursors clients send back.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followedId] }),
    check('follows_not_self', sql`${t.followerId} <> ${t.followedId}`),
    // Follower counts and the followers list (newest first, keyset on created_at + follower_id).
    index('follows_followed_idx').on(t.followedId, t.createdAt.desc(), t.followerId.desc()),
    // The following list (newest first); the primary key already serves lookups by follower.
    index('follows_follower_created_idx').on(t.followerId, t.createdAt.desc(), t.followedId.desc()),
  ],
);
