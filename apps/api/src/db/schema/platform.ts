import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Counters of rate-limiter-flexible's Drizzle store (used when REDIS_URL is not set). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});
