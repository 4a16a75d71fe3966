import { and, eq, gt, inArray, isNull, ne, or, sql, sum } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { accessRequests, accountTokens, adminBootstrapGrants, contactMessages, items, karmaLedger, redditLinks, regions, users } from '../../db/schema/index';
import { awayUntilColumn } from './away/away';

const active = isNull(users.removedAt);
const usernameIs = (username: string) => eq(sql`lower(${users.username})`, username.toLowerCase());

/** The signed-in user as the session layer needs it; removed accounts do not count as signed in. */
export async function findSessionUser(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, isAdmin: users.isAdmin, emailConfirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(and(eq(users.id, userId), active));
  return row;
}

/** Sign-in by username (any case) or email. */
export async function findLoginUser(db: Queryable, identifier: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash, googleId: users.googleId, facebookId: users.facebookId })
    .from(users)
    .where(and(or(usernameIs(identifier), eq(users.email, identifier.toLowerCase())), active));
  return row;
}

export async function findUserIdByUsername(db: Queryable, username: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(and(usernameIs(username), active));
  return row?.id;
}

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db.select({ id: users.id, username: users.username }).from(users).where(and(eq(users.email, email), active));
  return row;
}

/** Taken by anyone, removed accounts included (their scrubbed names never collide with real ones). */
export async function usernameTaken(db: Queryable, username: string, exceptUserId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(usernameIs(username), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return Boolean(row);
}

export async function emailTaken(db: Queryable, email: string, exceptUserId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return Boolean(row);
}

export async function regionExists(db: Queryable, code: string) {
  const [row] = await db.select({ code: regions.code }).from(regions).where(eq(regions.code, code));
  return Boolean(row);
}

export async function insertUser(db: Queryable, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id, username: users.username, email: users.email });
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(db: Queryable, userId: string, patch: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(patch).where(eq(users.id, userId));
}

/** Everything the settings screen shows, with the region name and the forum link. */
export async function findAccount(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      passwordHash: users.passwordHash,
      emailConfirmedAt: users.emailConfirmedAt,
      emailPreferences: users.emailPreferences,
      wantAlerts: users.wantAlerts,
      googleId: users.googleId,
      facebookId: users.facebookId,
      bio: users.bio,
      avatar: users.avatar,
      membershipType: users.membershipType,
      isAdmin: users.isAdmin,
      referredBy: users.referredBy,
      awayUntil: awayUntilColumn,
      regionCode: regions.code,
      regionName: regions.name,
      redditUsername: redditLinks.redditUsername,
      redditJoinedAt: redditLinks.redditJoinedAt,
      redditTransferredCount: redditLinks.transferredCount,
    })
    .from(users)
    .leftJoin(regions, eq(regions.code, users.shippingRegionCode))
    .leftJoin(redditLinks, eq(redditLinks.userId, users.id))
    .where(and(eq(users.id, userId), active));
  return row;
}

export async function karmaOf(db: Queryable, userId: string): Promise<number> {
  const [row] = await db.select({ total: sum(karmaLedger.amount) }).from(karmaLedger).where(eq(karmaLedger.userId, userId));
  return Number(row?.total ?? 0);
}

/** Records an award once per (user, reason, subject); answers whether it was new. */
export async function awardKarma(db: Queryable, award: typeof karmaLedger.$inferInsert): Promise<boolean> {
  const rows = await db.insert(karmaLedger).values(award).onConflictDoNothing().returning({ id: karmaLedger.id });
  return rows.length > 0;
}

export async function insertToken(db: Queryable, values: typeof accountTokens.$inferInsert) {
  await db.insert(accountTokens).values(values);
}

/** A token that is unused and unexpired, with its user. */
export async function findUsableToken(db: Queryable, tokenHash: string, purpose: 'confirm_email' | 'reset_password') {
  const [row] = await db
    .select({ id: accountTokens.id, userId: accountTokens.userId, email: accountTokens.email })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
        active,
      ),
    );
  return row;
}

/** Marks a token used; only the first caller wins, which makes every token single-use even under races. */
export async function consumeToken(db: Queryable, tokenId: string): Promise<boolean> {
  const rows = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.id, tokenId), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  return rows.length > 0;
}

/** Older reset links stop working once a new one is sent. */
export async function retireTokens(db: Queryable, userId: string, purpose: 'confirm_email' | 'reset_password') {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

export async function isAccessApproved(db: Queryable, email: string) {
  const [row] = await db
    .select({ email: accessRequests.email })
    .from(accessRequests)
    .where(and(eq(accessRequests.email, email), sql`${accessRequests.approvedAt} is not null`));
  return Boolean(row);
}

export async function insertAccessRequest(db: Queryable, email: string) {
  await db.insert(accessRequests).values({ email }).onConflictDoNothing();
}

export async function approveAccess(db: Queryable, emails: string[]) {
  for (const email of emails) {
    await db
      .insert(accessRequests)
      .values({ email, approvedAt: new Date() })
      .onConflictDoUpdate({ target: accessRequests.email, set: { approvedAt: sql`now()` } });
  }
}

export async function insertContactMessage(db: Queryable, values: typeof contactMessages.$inferInsert) {
  await db.insert(contactMessages).values(values);
}

/**
 * Removes an account without breaking other people's pages: the row stays (their conversations, comments and
 * ratings still point at it and show 'User Not Found'), but everything personal is erased and the name freed.
 * Its unsold listings are withdrawn (sold ones stay in their buyers' records), so public lists never need to ask
 * whether a listing's seller still exists.
 */
export async function scrubUser(db: Queryable, userId: string) {
  const tag = userId.replaceAll('-', '');
  await db
    .update(users)
    .set({
      username: `removed-${tag}`,
      email: `removed-${tag}@removed.invalid`,
      passwordHash: null,
      avatar: null,
      bio: '',
      googleId: null,
      facebookId: null,
      phone: null,
      // Issue 36: everything else that is the person's, not the community's: where they live and when they travel.
      phoneVerifiedAt: null,
      mailingAddress: null,
      shippingRegionCode: null,
      awayUntil: null,
      isAdmin: false,
      removedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  await db
    .update(items)
    .set({ removedAt: sql`now()` })
    .where(and(eq(items.sellerId, userId), isNull(items.removedAt), isNull(items.purchaserId)));
  await db.delete(redditLinks).where(eq(redditLinks.userId, userId));
}

/** Grants admin rights by username (case-insensitive); answers the usernames that matched. */
export async function grantAdmin(db: Queryable, usernames: string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .update(users)
    .set({ isAdmin: true })
    .where(and(inArray(sql`lower(${users.username})`, usernames.map((u) => u.toLowerCase())), active))
    .returning({ username: users.username });
  return rows.map((r) => r.username);
}

export async function findActiveUserByName(db: Queryable, username: string) {
  const [row] = await db.select({ id: users.id, username: users.username }).from(users).where(and(usernameIs(username), active));
  return row;
}

export async function setAdmin(db: Queryable, userId: string) {
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
}

/** Records that the listed name `username` (lowercased) granted admin rights; false when it already had. */
export async function recordBootstrapGrant(db: Queryable, username: string, userId: string): Promise<boolean> {
  const rows = await db.insert(adminBootstrapGrants).values({ username, userId }).onConflictDoNothing().returning({ username: adminBootstrapGrants.username });
  return rows.length > 0;
}

export async function bootstrapGrantRecorded(db: Queryable, username: string): Promise<boolean> {
  const [row] = await db.select({ username: adminBootstrapGrants.username }).from(adminBootstrapGrants).where(eq(adminBootstrapGrants.username, username));
  return Boolean(row);
}
