import { eq, sql } from 'drizzle-orm';
import type { Queryable } from './client';
import { users } from './schema/index';

/**
 * What the modules need to tell a user something or check them before a deal, in one read by primary key: where to
 * mail them and whether they want it (prefs; removed users are told nothing), and what offers, payments and trades
 * check (a confirmed email, the shipping region, a saved mailing address). One definition for every module.
 */
export async function contactOf(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      prefs: users.emailPreferences,
      removedAt: users.removedAt,
      emailConfirmedAt: users.emailConfirmedAt,
      regionCode: users.shippingRegionCode,
      hasAddress: sql<boolean>`${users.mailingAddress} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
