import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { phoneVerifications, users } from '../../../db/schema/index';

/** A code for `phone` still waiting to be used that went out less than `seconds` ago. */
export async function hasRecentCode(db: Queryable, phone: string, seconds: number): Promise<boolean> {
  const [row] = await db
    .select({ id: phoneVerifications.id })
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phone, phone),
        isNull(phoneVerifications.verifiedAt),
        gt(phoneVerifications.expiresAt, sql`now()`),
        gt(phoneVerifications.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertCode(
  db: Queryable,
  values: { id: string; phone: string; codeHash: string; ttlMinutes: number; userId: string | null; type: string },
) {
  await db.insert(phoneVerifications).values({
    id: values.id,
    phone: values.phone,
    codeHash: values.codeHash,
    expiresAt: sql`now() + make_interval(mins => ${values.ttlMinutes})`,
    userId: values.userId,
    type: values.type,
  });
}

export async function deleteCode(db: Queryable, id: string) {
  await db.delete(phoneVerifications).where(eq(phoneVerifications.id, id));
}

/** The newest code sent to `phone`: sending a new code retires the older ones. */
export async function latestCodeId(db: Queryable, phone: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: phoneVerifications.id })
    .from(phoneVerifications)
    .where(eq(phoneVerifications.phone, phone))
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  return row?.id;
}

/**
 * Uses up one attempt on a code that is unused, unexpired and has attempts left, answering its hash; undefined
 * when the code is not usable. Counting before comparing keeps the limit exact even for parallel guesses. A code
 * requested while signed in is usable only by that same user.
 */
export async function spendAttempt(db: Queryable, id: string, maxAttempts: number, verifierId: string | null): Promise<string | undefined> {
  const [row] = await db
    .update(phoneVerifications)
    .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
    .where(
      and(
        eq(phoneVerifications.id, id),
        isNull(phoneVerifications.verifiedAt),
        gt(phoneVerifications.expiresAt, sql`now()`),
        lt(phoneVerifications.attempts, maxAttempts),
        verifierId ? or(isNull(phoneVerifications.userId), eq(phoneVerifications.userId, verifierId)) : isNull(phoneVerifications.userId),
      ),
    )
    .returning({ codeHash: phoneVerifications.codeHash });
  return row?.codeHash;
}

/** Marks the code verified for whom it was verified; false when another request used it first. */
export async function markVerified(db: Queryable, id: string, values: { type: string; email: string | null; userId: string | null }): Promise<boolean> {
  const rows = await db
    .update(phoneVerifications)
    .set({ verifiedAt: sql`now()`, type: values.type, email: values.email, userId: values.userId })
    .where(and(eq(phoneVerifications.id, id), isNull(phoneVerifications.verifiedAt)))
    .returning({ id: phoneVerifications.id });
  return rows.length > 0;
}

export async function setUserPhone(db: Queryable, userId: string, phone: string) {
  await db.update(users).set({ phone, phoneVerifiedAt: sql`now()` }).where(eq(users.id, userId));
}

/** The phone `email` verified for sign-up within the last `withinMinutes`, newest first. */
export async function signupVerifiedPhone(db: Queryable, email: string, withinMinutes: number): Promise<string | undefined> {
  const [row] = await db
    .select({ phone: phoneVerifications.phone })
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.email, email),
        eq(phoneVerifications.type, 'signup'),
        gt(phoneVerifications.verifiedAt, sql`now() - make_interval(mins => ${withinMinutes})`),
      ),
    )
    .orderBy(desc(phoneVerifications.verifiedAt))
    .limit(1);
  return row?.phone;
}

/** The account carries a verified phone (verified while signed in, or carried over from its sign-up). */
export async function userHasVerifiedPhone(db: Queryable, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.removedAt)));
  return Boolean(user?.phoneVerifiedAt);
}

/** The active account other than `exceptUserId` whose verified phone is `phone`, if any. */
export async function phoneHolder(db: Queryable, phone: string, exceptUserId: string | null): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.removedAt), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return row?.id;
}
