import { ACCOUNT_ERRORS, ERROR_CODES, type Settings } from '@keeb/shared';
import type { Config } from '../../../config';
import type { Database, Queryable } from '../../../db/client';
import { uniqueViolation } from '../../../platform/db-errors';
import { AppError } from '../../../platform/errors';
import type { RedditClient } from '../../../adapters/oauth/reddit';
import * as repo from './repo';

/** The settings' forum object; the Reddit username and join date are all that is ever kept or shown. */
export type ForumLink = Settings['reddit'];

const UNLINKED: ForumLink = { isLinked: false, transactions: { count: 0, isTransferred: false } };

function toForumLink(link: Awaited<ReturnType<typeof repo.findLink>>): ForumLink {
  if (!link) return UNLINKED;
  return {
    isLinked: true,
    username: link.username,
    timeJoined: link.joinedAt.toISOString(),
    transactions: { count: link.transferredCount ?? 0, isTransferred: link.transferredCount !== null },
  };
}

/**
 * Trades transferred from the trading community, for 'total transactions = platform sales + transferred count'.
 * 0 while nothing is linked or transferred.
 */
export async function transferredTradeCount(db: Queryable, userId: string): Promise<number> {
  return (await repo.findLink(db, userId))?.transferredCount ?? 0;
}

export interface ForumLinkDeps {
  db: Database;
  config: Config;
  /** Undefined when Reddit is not configured. */
  reddit: RedditClient | undefined;
}

export function createForumLinkService(deps: ForumLinkDeps) {
  const { db, config } = deps;
  const redirectUri = `${config.appUrl}/settings`;
  // Two quick clicks on 'transfer' share one read of Reddit (within this process; the database keeps the first).
  const reading = new Map<string, Promise<number>>();

  function client(): RedditClient {
    if (!deps.reddit) throw new AppError(404, ERROR_CODES.notFound);
    return deps.reddit;
  }

  return {
    enabled: Boolean(deps.reddit),

    authorizationUrl(state: string) {
      return client().authorizationUrl(redirectUri, state);
    },

    /**
     * Links the Reddit account that approved the code. Linking again replaces the link; the transferred count
     * survives only when it is the same Reddit account, so a count always belongs to the account it came from.
     */
    async link(userId: string, code: string): Promise<ForumLink> {
      const identity = await client().identify(code, redirectUri);
      const owner = await repo.findUserIdByRedditName(db, identity.username);
      if (owner && owner !== userId) throw new AppError(409, ACCOUNT_ERRORS.redditLinked);
      try {
        await db.transaction(async (tx) => {
          const current = await repo.findLink(tx, userId);
          if (current && current.username.toLowerCase() === identity.username.toLowerCase()) {
            await repo.updateLinkedName(tx, userId, identity);
            return;
          }
          if (current) await repo.deleteLink(tx, userId);
          await repo.insertLink(tx, { userId, ...identity });
        });
      } catch (error) {
        // Another user linked the same Reddit account in between; the unique index decided.
        if (uniqueViolation(error) === 'reddit_links_username_key') throw new AppError(409, ACCOUNT_ERRORS.redditLinked);
        throw error;
      }
      return toForumLink(await repo.findLink(db, userId));
    },

    async status(userId: string): Promise<ForumLink> {
      client();
      return toForumLink(await repo.findLink(db, userId));
    },

    /** Reads the trade count from Reddit once per link; later calls answer the stored count. */
    async transferTrades(userId: string): Promise<{ transactions: { count: number; isTransferred: true } }> {
      const reddit = client();
      const link = await repo.findLink(db, userId);
      if (!link) throw new AppError(400, ACCOUNT_ERRORS.redditNotLinked);
      if (link.transferredCount !== null) return { transactions: { count: link.transferredCount, isTransferred: true } };

      const key = `${userId}:${link.username.toLowerCase()}`;
      let read = reading.get(key);
      if (!read) {
        read = reddit.tradeCount(link.username).finally(() => reading.delete(key));
        reading.set(key, read);
      }
      const stored = await repo.storeTransferredCount(db, userId, link.username, await read);
      if (stored === undefined) throw new AppError(400, ACCOUNT_ERRORS.redditNotLinked);
      return { transactions: { count: stored, isTransferred: true } };
    },

    async revoke(userId: string): Promise<ForumLink> {
      client();
      await repo.deleteLink(db, userId);
      return UNLINKED;
    },
  };
}

export type ForumLinkService = ReturnType<typeof createForumLinkService>;
