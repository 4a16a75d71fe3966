import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { users } from '../../../db/schema/index';

export type IdentityProvider = 'google' | 'facebook';

const providerColumn = { google: users.googleId, facebook: users.facebookId } as const;

/** The active account signed in with this provider identity (removed accounts lose theirs when scrubbed). */
export async function findByProviderId(db: Queryable, provider: IdentityProvider, providerId: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(providerColumn[provider], providerId), isNull(users.removedAt)));
  return row;
}
