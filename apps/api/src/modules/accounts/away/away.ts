import { SELLER_TOOL_ERRORS } from '@keeb/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { AppError } from '../../../platform/errors';

/**
 * Away mode (issue 29): the one place that says who is away. A seller is away while users.away_until is in the
 * future; a stored time already past counts as back, so a late or lost 'away-return' job never hides anyone.
 * Other modules (discovery, items, offers, payments, trades, wants) read it only through these functions.
 */

/** users.away_until when still ahead, else null: the SQL every reader of the column uses. */
export const awayUntilColumn = sql<Date | null>`case when ${users.awayUntil} > now() then ${users.awayUntil} end`.mapWith(users.awayUntil);

/** When the user is back, or null when they are not away (or not found). */
export async function awayUntilOf(db: Queryable, userId: string): Promise<Date | null> {
  const [row] = await db.select({ until: awayUntilColumn }).from(users).where(eq(users.id, userId));
  return row?.until ?? null;
}

/**
 * Refuses what an away seller cannot answer (a new offer, a buyer's counter, a Buy It Now, a trade proposal):
 * 409 `seller_away` with `until` (ISO), which the screens turn into 'The seller is away until {date}...'.
 */
export async function assertNotAway(db: Queryable, sellerId: string): Promise<void> {
  const until = await awayUntilOf(db, sellerId);
  if (until) throw new AppError(409, SELLER_TOOL_ERRORS.sellerAway, { until: until.toISOString() });
}

/**
 * How long a process reuses the list of away sellers. The feed and search exclude them by id, read here at most
 * once a second per process instead of joining users on every page: a seller's listings leave or come back
 * within a second (at once on the process that served the PUT or DELETE, which forgets its copy).
 */
const AWAY_IDS_TTL_MS = 1000;
const awayIdsCache = new WeakMap<Queryable, { at: number; generation: number; ids: Promise<string[]> }>();
let generation = 0;

/** The ids of the sellers away now (few at any time); cached AWAY_IDS_TTL_MS per database handle. */
export function awaySellerIds(db: Queryable): Promise<string[]> {
  const hit = awayIdsCache.get(db);
  if (hit && hit.generation === generation && Date.now() - hit.at < AWAY_IDS_TTL_MS) return hit.ids;
  const ids = db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${users.awayUntil} > now()`, isNull(users.removedAt)))
    .then((rows) => rows.map((r) => r.id));
  const entry = { at: Date.now(), generation, ids };
  awayIdsCache.set(db, entry);
  // A failed read is not kept: the next page asks again.
  ids.catch(() => awayIdsCache.get(db) === entry && awayIdsCache.delete(db));
  return ids;
}

/** Drops this process's cached list of away sellers: after a seller leaves or returns. */
export function forgetAwaySellers(): void {
  generation += 1;
}
