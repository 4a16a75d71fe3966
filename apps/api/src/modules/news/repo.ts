import { and, asc, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/index';

/**
 * One page of the users who opted in to product news (`updates` is off unless turned on), keyset by id on the
 * primary key. Removed accounts and unconfirmed addresses get no marketing mail.
 */
export function updatesRecipients(db: Queryable, afterUserId: string | undefined, limit: number) {
  return db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(
      and(
        afterUserId ? gt(users.id, afterUserId) : undefined,
        isNull(users.removedAt),
        isNotNull(users.emailConfirmedAt),
        sql`(${users.emailPreferences} ->> 'updates')::boolean is true`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}
