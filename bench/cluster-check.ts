/**
 * After a run: every write the API acknowledged (2xx) must be in the primary database, found by the key the load
 * kept (a comment's unique body, a save's user and listing, an offer's buyer and listing, a listing's unique name, a
 * chat message's clientId). Answers how many of each are missing.
 */
import pg from 'pg';
import type { ChatRun } from './cluster-chat';
import type { Write } from './cluster-load';

export interface Lost {
  acknowledged: number;
  lost: number;
  byKind: Record<string, { acknowledged: number; lost: number }>;
}

async function missing(db: pg.Client, keys: string[][], query: string): Promise<number> {
  if (keys.length === 0) return 0;
  const columns = keys[0]!.map((_, i) => keys.map((k) => k[i]!));
  const { rows } = await db.query<{ n: number }>(query, columns);
  return keys.length - rows[0]!.n;
}

export async function lostWrites(databaseUrl: string, writes: Write[], chat: ChatRun): Promise<Lost> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const of = <K extends Write['kind']>(kind: K) => writes.filter((w): w is Extract<Write, { kind: K }> => w.kind === kind);
    const comments = of('comment');
    const saves = of('save');
    const offers = of('offer');
    const listings = of('listing');
    const byKind: Lost['byKind'] = {
      comment: {
        acknowledged: comments.length,
        lost: await missing(db, comments.map((w) => [w.body]), `select count(distinct body)::int as n from item_comments where body = any($1::text[])`),
      },
      save: {
        acknowledged: new Set(saves.map((w) => `${w.userId}/${w.itemId}`)).size,
        lost: await missing(
          db,
          [...new Map(saves.map((w) => [`${w.userId}/${w.itemId}`, [w.userId, w.itemId]])).values()],
          `select count(*)::int as n from item_saves s join unnest($1::uuid[], $2::uuid[]) k(u, i) on s.user_id = k.u and s.item_id = k.i`,
        ),
      },
      offer: {
        acknowledged: offers.length,
        lost: await missing(
          db,
          offers.map((w) => [w.userId, w.itemId]),
          `select count(distinct (o.buyer_id, o.item_id))::int as n from offers o join unnest($1::uuid[], $2::uuid[]) k(u, i) on o.buyer_id = k.u and o.item_id = k.i`,
        ),
      },
      listing: {
        acknowledged: listings.length,
        lost: await missing(db, listings.map((w) => [w.name]), `select count(distinct name)::int as n from items where name = any($1::text[])`),
      },
      'chat message': {
        acknowledged: chat.acked.length,
        lost: await missing(db, chat.acked.map((m) => [m.clientId]), `select count(distinct client_id)::int as n from messages where client_id = any($1::text[])`),
      },
    };
    const sum = (field: 'acknowledged' | 'lost') => Object.values(byKind).reduce((n, k) => n + k[field], 0);
    return { acknowledged: sum('acknowledged'), lost: sum('lost'), byKind };
  } finally {
    await db.end();
  }
}
