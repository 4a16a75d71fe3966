import { and, desc, eq, gte } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { timestampCodes, users } from '../../db/schema/index';

/** The user's latest code issued since `since` (timestamp_codes_user_idx), if any. */
export async function latestCodeSince(db: Queryable, userId: string, since: Date) {
  const [row] = await db
    .select({ code: timestampCodes.code, issuedAt: timestampCodes.issuedAt })
    .from(timestampCodes)
    .where(and(eq(timestampCodes.userId, userId), gte(timestampCodes.issuedAt, since)))
    .orderBy(desc(timestampCodes.issuedAt))
    .limit(1);
  return row;
}

/** Stores a new code; undefined when that exact code exists already (the caller draws another token). */
export async function insertCode(db: Queryable, userId: string, code: string) {
  const [row] = await db
    .insert(timestampCodes)
    .values({ code, userId })
    .onConflictDoNothing()
    .returning({ code: timestampCodes.code, issuedAt: timestampCodes.issuedAt });
  return row;
}

/** Whether `code` was issued to this user (the code is the table's key). */
export async function issuedTo(db: Queryable, userId: string, code: string) {
  const [row] = await db
    .select({ userId: timestampCodes.userId })
    .from(timestampCodes)
    .where(eq(timestampCodes.code, code));
  return row?.userId === userId;
}

export async function usernameOf(db: Queryable, userId: string) {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username;
}
