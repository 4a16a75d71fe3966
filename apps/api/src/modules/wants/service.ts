import {
  centsToDollars,
  checkWantSpecs,
  dollarsToCents,
  WANT_ERRORS,
  WANT_LIMITS,
  WANT_MATCHES_PAGE_SIZE,
  wantLabel,
  type ValidWantInput,
  type ValidWantUpdate,
  type Want,
  type WantMatch,
  type WantMatchesQuery,
  type WantSpecs,
} from '@keeb/shared';
import type { Config } from '../../config';
import type { Database, Queryable, Tx } from '../../db/client';
import { toListingCard } from '../../db/listing-card';
import { AppError } from '../../platform/errors';
import type { JobContext, JobQueue } from '../../platform/jobs/job-queue';
import { queueMail, queueMails } from '../../adapters/mail/mail-queue';
import type { RealtimeHub } from '../../realtime/hub';
import { wantDigestMail, wantExpiryMail, wantMatchMail } from './mail-templates';
import { checkFields, deleteWant, findWant, insertWant, lockUser, updateWant, wantCounts, type WantFields, type WantRow, wantsOf } from './want-crud';
import { markSeen, matchesPage } from './want-matches';
import * as matching from './want-matching';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface WantsDeps {
  db: Database;
  config: Config;
  /** Alert mails, digests and lapse reminders are queued here, in the transaction of what they report. */
  jobs: JobQueue;
  /** The corner notification and the badge, pushed to the owner's tabs after the match commits. */
  hub: Pick<RealtimeHub, 'toUser' | 'notifyCounts'>;
}

/** The label of a want from its text and its categories' names, as want-matching.ts reads them. */
const labelOf = (w: { searchText: string; categoryNames: string[] }) => wantLabel({ searchText: w.searchText, categoryIds: w.categoryNames });

/** The first instant of the next UTC day: a daily digest goes out when the day it collects has ended. */
const endOfUtcDay = (time: Date) => new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate() + 1));

function toWant(row: WantRow, counts: { matchCount: number; newMatches: number }): Want {
  return {
    _id: row.id,
    searchText: row.searchText,
    categoryIds: row.categoryIds,
    regions: row.regions,
    maxPrice: row.maxPriceCents === null ? null : centsToDollars(row.maxPriceCents),
    saleTypeId: row.saleTypeId,
    specs: row.specs,
    paused: row.paused,
    expiresAt: row.expiresAt.toISOString(),
    isExpired: row.expiresAt.getTime() <= Date.now(),
    createdAt: row.createdAt.toISOString(),
    matchCount: counts.matchCount,
    newMatches: counts.newMatches,
  };
}

/** A want's specs checked against its categories (issue 29): 400 with the code and 'specs.<key>', else as stored. */
function checkedSpecs(categoryIds: string[], input: Record<string, unknown> | undefined): WantSpecs {
  const checked = checkWantSpecs(categoryIds, input);
  if ('problem' in checked) throw new AppError(400, checked.problem[0], { field: checked.problem[1] });
  return checked.specs;
}

/**
 * The stored specs of a want whose categories changed in an edit that left the specs out: the keys that still
 * belong to one of its categories (as a listing's, items/spec-columns.ts), the others dropped rather than refused.
 */
function specsFitFor(categoryIds: string[], specs: WantSpecs): WantSpecs {
  let kept: Record<string, unknown> = { ...specs };
  for (;;) {
    const checked = checkWantSpecs(categoryIds, kept);
    if ('specs' in checked) return checked.specs;
    const key = checked.problem[1].replace(/^specs\.?/, '');
    if (!key || !(key in kept)) return {};
    const { [key]: _dropped, ...rest } = kept;
    kept = rest;
  }
}

const isActive = (w: { paused: boolean; expiresAt: Date }) => !w.paused && w.expiresAt.getTime() > Date.now();
const tooMany = (max: number) => new AppError(409, WANT_ERRORS.tooManyWants, { max });
const notFound = () => new AppError(404, WANT_ERRORS.notFound);

export function createWantsService(deps: WantsDeps) {
  const { db, config, jobs, hub } = deps;
  const itemUrl = (id: string) => `${config.appUrl}/detail/${id}`;
  // The vault's tabs are addressed by ?tab (UrlTabs in the web app).
  const wantsUrl = `${config.appUrl}/me/vault?tab=wants`;

  /** The rules the schema cannot check, in the order the form shows the fields. */
  async function validate(q: Queryable, f: WantFields) {
    const found = await checkFields(q, f);
    if (!found.hasWords && f.categoryIds.length === 0) throw new AppError(400, WANT_ERRORS.fieldRequired, { field: 'searchText' });
    if (found.categories !== f.categoryIds.length) throw new AppError(400, WANT_ERRORS.invalidFilter, { field: 'categoryIds' });
    if (found.regions !== f.regions.length) throw new AppError(400, WANT_ERRORS.invalidFilter, { field: 'regions' });
    if (f.saleTypeId !== null && found.saleTypes === 0) throw new AppError(400, WANT_ERRORS.invalidFilter, { field: 'saleTypeId' });
  }

  /** Refuses a want that would become active past the limit (the user's row is locked by the caller). */
  async function refuseOverActiveLimit(tx: Tx, userId: string) {
    if ((await wantCounts(tx, userId)).active >= WANT_LIMITS.active) throw tooMany(WANT_LIMITS.active);
  }

  const warningDue = (want: WantRow) => want.expiresAt.getTime() - WANT_LIMITS.warnDaysBefore * DAY_MS;

  /**
   * Queues the lapse reminder of the want's current expiry, due warnDaysBefore it (at once when that is past).
   * The handler mails only if the want still has that expiry, is active and was not reminded, so stale or
   * repeated reminders send nothing. `again` names a second chance for the same expiry: a want resumed after its
   * reminder fell due while it was paused.
   */
  async function queueExpiryWarning(tx: Tx, want: WantRow, again?: string) {
    const expiresAt = want.expiresAt.toISOString();
    const key = `want-expiry-warning:${want.id}:${expiresAt}${again ? `:${again}` : ''}`;
    await jobs.send('want-expiry-warning', { wantId: want.id, expiresAt }, { key, startAfter: new Date(Math.max(Date.now(), warningDue(want))), tx });
  }

  async function wantOf(userId: string, wantId: string): Promise<Want> {
    const [row] = await wantsOf(db, userId, wantId);
    if (!row) throw notFound();
    return toWant(row, row);
  }

  /**
   * The 'want-match' job: matches one listing against every want (matching.matchListing) and, in the same transaction,
   * queues one 'want-alerts' job for the run's mails when any owner has an address to mail. After the commit,
   * each owner's tabs get the corner notification and the new badge. The mails are rendered and queued by that
   * job: a listing matching a few hundred wants would otherwise hold the buyers' pushes back behind ~100 KB of
   * mail jobs written first. Answers the new matches; a listing matched before, or not public, answers none.
   */
  async function matchListing(itemId: string): Promise<matching.NewMatch[]> {
    const { item, matches } = await db.transaction(async (tx) => {
      await matching.commitWithoutFlushWait(tx);
      const found = await matching.matchListing(tx, itemId);
      // Keyed by the run: a retry of this job after its commit finds the matches recorded and makes no new run.
      if (found.matchedAt && found.matches.some((m) => m.mailable)) {
        const matchedAt = found.matchedAt;
        await jobs.send('want-alerts', { itemId, matchedAt }, { key: `want-alerts:${itemId}:${matchedAt}`, tx });
      }
      return found;
    });
    if (item) {
      const card = { _id: item.id, name: item.name, price: centsToDollars(item.priceCents), thumbnail: item.thumbnail };
      for (const m of matches) hub.toUser(m.userId, 'wantMatch', { wantId: m.wantId, label: labelOf(m), item: card });
      for (const userId of new Set(matches.map((m) => m.userId))) hub.notifyCounts(userId);
    }
    return matches;
  }

  /**
   * The 'want-alerts' job: the mails of one run of matches. Instant owners' mails are queued in one statement,
   * each under the key of its want and listing, so a retry queues none twice; daily owners get their digest job
   * for the UTC day, due when that day ends (one per owner and day, by its key).
   */
  async function alertsJob({ itemId, matchedAt }: { itemId: string; matchedAt: string }): Promise<void> {
    await db.transaction(async (tx) => {
      // As the match's: a crash before the job completes runs it again, and its keys keep the mails once.
      await matching.commitWithoutFlushWait(tx);
      const { item, entries } = await matching.instantMails(tx, itemId, matchedAt);
      if (item) {
        const listing = { ...item, url: itemUrl(itemId) };
        const mails = entries.map((e) => ({ key: `want-match:${e.wantId}:${itemId}`, message: wantMatchMail(e.email, e.username, labelOf(e), listing, e.priceCents, wantsUrl) }));
        await queueMails(jobs, tx, mails);
      }
      const now = new Date();
      const day = now.toISOString().slice(0, 10);
      const owners = await matching.digestOwners(tx, itemId, matchedAt);
      await jobs.sendMany('want-digest', owners.map((userId) => ({ payload: { userId }, key: `want-digest:${userId}:${day}`, startAfter: endOfUtcDay(now) })), { tx });
    });
  }

  return {
    /** GET /api/me/wants: every want of the user's (at most WANT_LIMITS.total), newest first, with its match counts. */
    async list(userId: string): Promise<Want[]> {
      return (await wantsOf(db, userId)).map((row) => toWant(row, row));
    },

    /** POST /api/me/wants: a new want, active for WANT_LIMITS.lifetimeDays. */
    async create(userId: string, input: ValidWantInput): Promise<Want> {
      const fields: WantFields = { ...input, maxPriceCents: input.maxPrice === null ? null : dollarsToCents(input.maxPrice), specs: {} };
      await validate(db, fields);
      fields.specs = checkedSpecs(fields.categoryIds, input.specs);
      const row = await db.transaction(async (tx) => {
        // One create at a time per user, so two parallel creates at the limit cannot both pass it.
        await lockUser(tx, userId);
        const counts = await wantCounts(tx, userId);
        if (counts.total >= WANT_LIMITS.total) throw tooMany(WANT_LIMITS.total);
        if (counts.active >= WANT_LIMITS.active) throw tooMany(WANT_LIMITS.active);
        const inserted = await insertWant(tx, userId, fields, new Date(Date.now() + WANT_LIMITS.lifetimeDays * DAY_MS));
        await queueExpiryWarning(tx, inserted);
        return inserted;
      });
      return toWant(row, { matchCount: 0, newMatches: 0 });
    },

    /**
     * PUT /api/me/wants/{id}: edits the fields sent, pauses or resumes, renews (WANT_LIMITS.lifetimeDays from
     * now). A want that becomes active again (resumed, or an expired one renewed) must fit under the active limit.
     */
    async update(userId: string, wantId: string, patch: ValidWantUpdate): Promise<Want> {
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const want = await findWant(tx, userId, wantId, true);
        if (!want) throw notFound();
        const fields: WantFields = {
          searchText: patch.searchText ?? want.searchText,
          categoryIds: patch.categoryIds ?? want.categoryIds,
          regions: patch.regions ?? want.regions,
          maxPriceCents: patch.maxPrice === undefined ? want.maxPriceCents : patch.maxPrice === null ? null : dollarsToCents(patch.maxPrice),
          saleTypeId: patch.saleTypeId === undefined ? want.saleTypeId : patch.saleTypeId,
          specs: want.specs,
        };
        await validate(tx, fields);
        const categoriesChanged = fields.categoryIds.join('\n') !== want.categoryIds.join('\n');
        if (patch.specs !== undefined) fields.specs = checkedSpecs(fields.categoryIds, patch.specs);
        else if (categoriesChanged) fields.specs = specsFitFor(fields.categoryIds, want.specs);
        const renewed = patch.renew ? new Date(Date.now() + WANT_LIMITS.lifetimeDays * DAY_MS) : undefined;
        const next = { paused: patch.paused ?? want.paused, expiresAt: renewed ?? want.expiresAt };
        if (!isActive(want) && isActive(next)) await refuseOverActiveLimit(tx, userId);
        const searchChanged = fields.searchText !== want.searchText || categoriesChanged;
        const row = await updateWant(tx, wantId, { ...fields, paused: next.paused, expiresAt: renewed, recompute: searchChanged || Boolean(renewed) });
        if (renewed) await queueExpiryWarning(tx, row);
        else if (want.paused && isActive(row) && warningDue(row) <= Date.now()) await queueExpiryWarning(tx, row, `resumed:${Date.now()}`);
      });
      return wantOf(userId, wantId);
    },

    /** DELETE /api/me/wants/{id}: the want and its matches (the badge drops its unseen ones). */
    async remove(userId: string, wantId: string): Promise<{ _id: string }> {
      if (!(await deleteWant(db, userId, wantId))) throw notFound();
      hub.notifyCounts(userId);
      return { _id: wantId };
    },

    /** GET /api/me/wants/{id}/matches: a page of WANT_MATCHES_PAGE_SIZE, newest match first. */
    async matches(userId: string, wantId: string, query: WantMatchesQuery): Promise<WantMatch[]> {
      if (!(await findWant(db, userId, wantId))) throw notFound();
      const cursor = { ts: query.ts ? new Date(query.ts).toISOString() : undefined, id: query.cursorId };
      const rows = await matchesPage(db, wantId, userId, cursor, WANT_MATCHES_PAGE_SIZE);
      return rows.map((r) => ({
        ...toListingCard(
          { ...r, timeListed: r.timeListed.toISOString() },
          { _id: r.sellerId, username: r.sellerRemoved ? 'User Not Found' : r.sellerUsername, avatar: r.sellerRemoved ? null : r.sellerAvatar },
        ),
        isFollowing: r.saved,
        matchedAt: r.matchedAt.toISOString(),
        matchedPrice: centsToDollars(r.matchedPriceCents),
      }));
    },

    /** POST /api/me/wants/seen: the owner opened their wants; the badge goes to zero on every tab. */
    async markSeen(userId: string): Promise<{ ok: true }> {
      if ((await markSeen(db, userId)) > 0) hub.notifyCounts(userId);
      return { ok: true };
    },

    matchListing,
    alertsJob,

    /** The 'want-match' job. */
    async matchJob({ itemId }: { itemId: string }): Promise<void> {
      await matchListing(itemId);
    },

    /**
     * The 'want-digest' job: one mail naming every match held for the user, cleared in the same transaction, so a
     * second run (a retry, or the next day's job finding nothing new) mails nothing twice.
     */
    async digestJob({ userId }: { userId: string }, job: JobContext): Promise<void> {
      await db.transaction(async (tx) => {
        const { user, entries } = await matching.takeDigest(tx, userId);
        if (!user || entries.length === 0) return;
        const lines = entries.map((e) => ({ ...e, label: labelOf(e), url: itemUrl(e.itemId) }));
        await queueMail(jobs, tx, `want-digest:${job.id}`, wantDigestMail(user.email, user.username, lines, wantsUrl));
      });
    },

    /** The 'want-expiry-warning' job: the reminder, once per expiry, if the want is still due to lapse then. */
    async expiryWarningJob({ wantId, expiresAt }: { wantId: string; expiresAt: string }): Promise<void> {
      await db.transaction(async (tx) => {
        const due = await matching.claimExpiryWarning(tx, wantId, expiresAt);
        if (!due) return;
        await queueMail(jobs, tx, `want-expiry-warning:${wantId}:${expiresAt}`, wantExpiryMail(due.email, due.username, labelOf(due), new Date(expiresAt), wantsUrl));
      });
    },
  };
}

export type WantsService = ReturnType<typeof createWantsService>;
