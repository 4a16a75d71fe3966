import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { users } from './schema/index';
import { isUuid } from '../platform/ids';

/**
 * The not-removed user a public URL names (/u/{key}): the username case-insensitively, or the id for links that
 * carry it (a 36-character uuid is never a username, which is at most 30). Profiles and ratings resolve alike.
 */
export const userNamedBy = (key: string): SQL =>
  and(isUuid(key) ? eq(users.id, key) : sql`lower(${users.username}) = lower(${key})`, isNull(users.removedAt))!;
