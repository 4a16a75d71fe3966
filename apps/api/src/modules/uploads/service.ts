import { asc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { blogPosts, items, uploads, users } from '../../db/schema';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/logger';
import { UPLOADS_PREFIX, withVariants, type Storage } from '../../adapters/storage/storage';

/** How long an upload may wait for the listing, avatar or post that uses it (the sell form can take a while). */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000;
/** The job runs a minute after the upload's day is out, so a clock a little ahead of the database's finds it due. */
const JOB_SLACK_MS = 60 * 1000;
const SWEEP_BATCH = 100;

export interface UploadsService {
  /**
   * Stores one upload: records its key first (with its orphan check a day later, in one transaction), then writes
   * `parts` in order; the last part's URL is answered. A store that fails midway leaves only recorded objects,
   * which the orphan check removes.
   */
  store(uploaderId: string | null, key: string, parts: Array<{ key: string; body: Buffer }>): Promise<string>;
  /** Deletes every recorded upload older than a day that nothing uses (objects, then its row); answers the count. */
  sweepOrphans(): Promise<number>;
}

export function createUploadsService(deps: { db: Database; jobs: JobQueue; storage: Storage; logger: Logger }): UploadsService {
  const { db, jobs, storage } = deps;

  const some = async (table: typeof items | typeof users | typeof blogPosts, where: SQL) =>
    (await db.select({ one: sql`1` }).from(table).where(where).limit(1)).length > 0;

  /** Whether a listing, an avatar or a blog post holds this upload (or one of its variants). */
  async function inUse(key: string): Promise<boolean> {
    const urls = withVariants(key).map((k) => `${UPLOADS_PREFIX}/${k}`);
    const url = urls[0]!;
    const arrayOfUrls = sql`array[${sql.join(urls.map((u) => sql`${u}`), sql`, `)}]::text[]`;
    // Keys name their owner (items/<seller>/..., avatars/<user>-...): the check reads that owner's rows by index,
    // not every listing. Only the seller's own uploads may be in their listings (items/listing-columns.ts acceptablePhoto).
    const item = /^items\/([0-9a-f-]{36})\//.exec(key);
    if (item) {
      return some(items, sql`${items.sellerId} = ${item[1]} and (${url} = any(${items.photos}) or ${items.thumbnail} = any(${arrayOfUrls}) or ${items.timestampPhoto} = any(${arrayOfUrls}))`);
    }
    const avatar = /^avatars\/([0-9a-f-]{36})-/.exec(key);
    if (avatar) {
      return some(users, sql`${users.id} = ${avatar[1]} and ${users.avatar} = ${url}`);
    }
    if (key.startsWith('blog/')) {
      // Body images sit in the stored HTML in any size: the random file name is what identifies them.
      const name = key.slice('blog/'.length);
      return some(blogPosts, sql`${blogPosts.thumbnail} = any(${arrayOfUrls}) or strpos(${blogPosts.bodyHtml}, ${name}) > 0`);
    }
    // A key this code does not write: never deleted on a guess.
    return true;
  }

  return {
    async store(uploaderId, key, parts) {
      await db.transaction(async (tx) => {
        await tx.insert(uploads).values({ key, uploaderId });
        await jobs.send('upload-orphan', { key }, { key, tx, startAfter: new Date(Date.now() + ORPHAN_AFTER_MS + JOB_SLACK_MS) });
      });
      // Variants first: once the photo's URL exists, photoVariants(url) must find them.
      await Promise.all(parts.slice(0, -1).map((part) => storage.put(part.key, part.body)));
      const last = parts.at(-1)!;
      return storage.put(last.key, last.body);
    },

    async sweepOrphans() {
      let deleted = 0;
      for (;;) {
        const due = await db
          .select({ key: uploads.key })
          .from(uploads)
          .where(lte(uploads.createdAt, sql`now() - ${sql.raw(`interval '${ORPHAN_AFTER_MS / 1000} seconds'`)}`))
          .orderBy(asc(uploads.createdAt))
          .limit(SWEEP_BATCH);
        for (const { key } of due) {
          if (!(await inUse(key))) {
            // A store that is down throws here: the row stays and the job's retry tries again.
            await storage.delete(withVariants(key));
            deleted += 1;
          }
          await db.delete(uploads).where(eq(uploads.key, key));
        }
        if (due.length < SWEEP_BATCH) break;
      }
      if (deleted > 0) deps.logger.info({ deleted }, 'orphan uploads deleted');
      return deleted;
    },
  };
}
