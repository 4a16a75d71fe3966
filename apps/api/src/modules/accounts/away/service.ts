import { ERROR_CODES, SELLER_TOOL_ERRORS, SELLER_TOOL_LIMITS, type AwayStatus } from '@keeb/shared';
import type { Database, Tx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { forgetAwaySellers } from './away';
import * as repo from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// An instant must say its zone: a bare local time would mean a different moment on every machine.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

const badUntil = () => new AppError(400, SELLER_TOOL_ERRORS.awayUntil, { field: 'until' });

/**
 * The return time a PUT names: 'YYYY-MM-DD' is 00:00 UTC that day (a real calendar day: no 2027-02-30), an ISO
 * instant with its zone is itself; in the future and at most awayMaxDays ahead, else 400 away_until.
 */
export function parseAwayUntil(text: string, now = Date.now()): Date {
  const trimmed = text.trim();
  let at: number;
  const day = DATE_ONLY.exec(trimmed);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    at = Date.UTC(year, month - 1, date);
    const back = new Date(at);
    if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== date) throw badUntil();
  } else if (INSTANT.test(trimmed)) {
    at = Date.parse(trimmed);
  } else {
    throw badUntil();
  }
  if (!Number.isFinite(at) || at <= now || at > now + SELLER_TOOL_LIMITS.awayMaxDays * DAY_MS) throw badUntil();
  // The column keeps milliseconds: the job's payload and the stored time then name the same instant.
  return new Date(Math.floor(at));
}

export interface AwayDeps {
  db: Database;
  /** The return job, queued with the PUT; the wants' matching of the seller's listings on return. */
  jobs: JobQueue;
}

export function createAwayService({ db, jobs }: AwayDeps) {
  /**
   * Back on sale: the listings that could not alert while hidden are matched against the wants now. A listing
   * matched before alerts nobody twice (want_matches' key), so this only reaches wants it would have reached.
   */
  async function matchOnReturn(tx: Tx, userId: string, returnedAt: string) {
    const ids = await repo.publicListingIds(tx, userId);
    await jobs.sendMany(
      'want-match',
      ids.map((itemId) => ({ payload: { itemId }, key: `want-match:${itemId}:back:${returnedAt}` })),
      { tx },
    );
  }

  return {
    /** PUT /api/me/away: away until then; the return is queued for that time in the same transaction. */
    async set(userId: string, text: string): Promise<AwayStatus> {
      const until = parseAwayUntil(text);
      const iso = until.toISOString();
      await db.transaction(async (tx) => {
        if (!(await repo.setAwayUntil(tx, userId, until))) throw new AppError(401, ERROR_CODES.mustLogin);
        // Keyed by the time: setting the same date twice queues one job; a new date queues its own, and the
        // old one finds away_until moved and does nothing.
        await jobs.send('away-return', { userId, until: iso }, { key: `away-return:${userId}:${iso}`, startAfter: until, tx });
      });
      forgetAwaySellers();
      return { until: iso };
    },

    /** DELETE /api/me/away: back at once (a no-op when not away). */
    async end(userId: string): Promise<AwayStatus> {
      await db.transaction(async (tx) => {
        const wasAway = await repo.clearAway(tx, userId);
        if (wasAway) await matchOnReturn(tx, userId, new Date().toISOString());
      });
      forgetAwaySellers();
      return { until: null };
    },

    /** The 'away-return' job: back on the date, unless a later PUT moved it or a DELETE ended it already. */
    async returnJob({ userId, until }: { userId: string; until: string }): Promise<void> {
      await db.transaction(async (tx) => {
        if (await repo.clearDueAway(tx, userId)) await matchOnReturn(tx, userId, until);
      });
      forgetAwaySellers();
    },
  };
}

export type AwayService = ReturnType<typeof createAwayService>;
