import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/index';

/** The signed-in user as the session layer needs it; removed accounts do not count as signed in. */
export async function findSessionUser(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.removedAt)));
  return row;
}

/** Grants admin rights by username (case-insensitive); answers the usernames that matched. */
export async function grantAdmin(db: Queryable, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .update(users)
    .set({ isAdmin: true })
    .where(inArray(sql`lower(${users.username})`, usernames.map((u) => u.toLowerCase())))
    .returning({ username: users.username });
  return rows.map((r) => r.username);
}
