/**
 * The matches as their owner sees them: the Wants badge's count of unseen ones, a want's page of shown matches
 * (listings still approved and not removed) with their cards, and marking them seen when the tab opens. Apart from
 * the matching job (want-matching.ts), which writes them, and from the wants' own CRUD (want-crud.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { listingCardColumns } from '../../db/listing-card';
import { items, users, wantMatches } from '../../db/schema/index';

/** The Wants badge: matches the user has not seen (want_matches_unseen_idx), for notifications/counts.ts. */
export const NEW_WANT_MATCHES_OF_U = `(select count(*) from want_matches m where m.user_id = u.id and m.seen_at is null)`;

/**
 * The matches an owner is shown: listings still approved and not removed, on sale or sold (a sold one shows
 * what it went for). A removed listing's match stays stored, so the listing is never alerted twice, but is not shown.
 */
const shownMatch = sql`${items.removedAt} is null and ${items.approvalStatus} = 'approved'`;

export interface MatchCursor {
  ts?: string | undefined;
  id?: string | undefined;
}

/**
 * A page of a want's shown matches, newest match first, keyset on (created_at, item_id) in the order of
 * want_matches_want_idx, each with its listing's card, its seller, and whether the owner saved it.
 */
export function matchesPage(db: Queryable, wantId: string, viewerId: string, cursor: MatchCursor, limit: number) {
  const { ts, id } = cursor;
  return db
    .select({
      ...listingCardColumns,
      sellerId: users.id,
      sellerUsername: users.username,
      sellerAvatar: users.avatar,
      sellerRemoved: sql<boolean>`${users.removedAt} is not null`,
      saved: sql<boolean>`exists (select 1 from item_saves s where s.user_id = ${viewerId} and s.item_id = ${items.id})`,
      matchedAt: wantMatches.createdAt,
      matchedPriceCents: wantMatches.priceCents,
    })
    .from(wantMatches)
    .innerJoin(items, eq(items.id, wantMatches.itemId))
    .innerJoin(users, eq(users.id, items.sellerId))
    .where(
      and(
        eq(wantMatches.wantId, wantId),
        shownMatch,
        ts
          ? id
            ? sql`(${wantMatches.createdAt}, ${wantMatches.itemId}) < (${ts}::timestamptz, ${id}::uuid)`
            : sql`${wantMatches.createdAt} < ${ts}::timestamptz`
          : undefined,
      ),
    )
    .orderBy(sql`${wantMatches.createdAt} desc nulls last`, sql`${wantMatches.itemId} desc nulls last`)
    .limit(limit);
}

/** Opening the Wants tab: every unseen match of the user's is seen. Answers how many were unseen. */
export async function markSeen(db: Queryable, userId: string): Promise<number> {
  const rows = await db
    .update(wantMatches)
    .set({ seenAt: sql`now()` })
    .where(and(eq(wantMatches.userId, userId), sql`${wantMatches.seenAt} is null`))
    .returning({ wantId: wantMatches.wantId });
  return rows.length;
}
