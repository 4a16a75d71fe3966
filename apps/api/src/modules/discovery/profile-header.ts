import type { UserProfile } from '@keeb/shared';
import { isoFromJson, jsonRows, type Database } from '../../db/client';
import { trustFrom, trustJson } from '../../db/trust';
import { isUuid } from '../../platform/ids';

/*
 * Issue 37: the profile header was eight queries (the user by name, then its row with the trust figures, sales, for
 * sale, karma, followers, following and the viewer's follow in parallel), and counting the busiest seller's 17,384
 * listings for sale was most of its database time. One prepared statement now answers it: the user's row, region,
 * forum link and rating meter (seller_ratings_seller_idx), the trust figures (db/trust.ts), the counts from
 * user_counts (kept by triggers, migration 0034: a primary-key read whatever the seller's size) and whether the
 * viewer ($2, null when signed out) follows them (the follows primary key). Removed accounts are not found.
 */
const HEADER_SQL = `
  select json_build_array(
    u.id, u.username, u.bio, u.avatar, rg.code, rg.name, rl.reddit_username, rl.reddit_joined_at, rl.transferred_count,
    rt.n, rt.overall, case when u.away_until > now() then u.away_until end,
    coalesce(c.sales, 0), coalesce(c.for_sale, 0), coalesce(c.karma, 0), coalesce(c.followers, 0), coalesce(c.following, 0),
    -- follows_not_self: never true for the owner.
    exists (select 1 from follows f where f.follower_id = $2::uuid and f.followed_id = u.id),
    ${trustJson('u.id', 'u')}
  )::text
  from users u
  left join regions rg on rg.code = u.shipping_region_code
  left join reddit_links rl on rl.user_id = u.id
  left join user_counts c on c.user_id = u.id
  cross join lateral (
    select count(*)::integer as n, ((avg(r.description) + avg(r.communication) + avg(r.shipping)) / 3)::float8 as overall
    from seller_ratings r where r.seller_id = u.id
  ) rt
  where u.removed_at is null and `;

/** By username, case-insensitively (users_username_lower_key). */
export const PROFILE_BY_NAME_SQL = `${HEADER_SQL}lower(u.username) = lower($1::text)`;
/** By id, for links that carry it (a 36-character uuid is never a username: userNamedBy). */
export const PROFILE_BY_ID_SQL = `${HEADER_SQL}u.id = $1::uuid`;

type HeaderRow = [
  string, string, string, string | null, string | null, string | null, string | null, string | null, number | null,
  number, number | null, string | null,
  number, number, number, number, number,
  boolean,
  unknown,
];

/**
 * The header of the not-removed user `key` names (username or id) as `viewerId` sees it, or undefined. The plan is
 * the same for every value (unique and primary-key reads), so it is always the generic one.
 */
export async function profileHeader(db: Database, key: string, viewerId: string | undefined): Promise<UserProfile | undefined> {
  const byId = isUuid(key);
  const [row] = await jsonRows(
    db,
    { sql: byId ? PROFILE_BY_ID_SQL : PROFILE_BY_NAME_SQL, params: [key, viewerId ?? null] },
    byId ? 'profile_header_by_id' : 'profile_header_by_name',
    'generic',
  );
  if (!row) return undefined;
  const [id, username, bio, avatar, regionCode, regionName, redditUsername, redditJoinedAt, transferredCount, ratingCount, ratingOverall, awayUntil,
    sales, numForSale, karma, numFollowers, numFollowing, isFollowing, trust] = row as HeaderRow;
  const linked = redditUsername !== null && redditJoinedAt !== null;
  const transferred = linked ? (transferredCount ?? 0) : 0;
  return {
    _id: id,
    username,
    bio,
    avatar,
    shippingRegion: regionCode !== null && regionName !== null ? { code: regionCode, name: regionName } : null,
    reddit:
      redditUsername !== null && redditJoinedAt !== null
        ? {
            isLinked: true,
            username: redditUsername,
            timeJoined: isoFromJson(redditJoinedAt),
            transactions: { count: transferred, isTransferred: transferredCount !== null },
          }
        : { isLinked: false, transactions: { count: 0, isTransferred: false } },
    // Issue 29: the profile says so; their listings stay listed here while hidden from the feed and search.
    awayUntil: awayUntil === null ? null : isoFromJson(awayUntil),
    numFollowers,
    numFollowing,
    transactions: sales + transferred,
    numForSale,
    karma,
    isUserProfile: viewerId === id,
    isFollowing,
    rating: { overall: ratingOverall ?? 0, count: ratingCount },
    trust: trustFrom(trust),
  };
}
