/**
 * The cluster bench's HTTP load: `workers` closed loops through the front, each picking its next request from a
 * fixed mix (feed and search pages, item pages, photo reads, and signed-in writes: comments, saves, offers,
 * listings with an uploaded photo). Every request is kept with its time, latency, status and the server HAProxy
 * names in X-Served-By (e2e/served-by.ts), and every write the API acknowledged (2xx) is kept with the key that
 * finds it in the database afterwards (cluster-check.ts).
 */
import type { Actor, World } from './cluster-data';

export type Op = 'feed' | 'search' | 'item' | 'photo' | 'comment' | 'save' | 'offer' | 'upload' | 'listing';

/** Shares of the mix, in percent: about a fifth of the requests write. */
const MIX: Array<[Op, number]> = [
  ['feed', 25],
  ['search', 12],
  ['item', 22],
  ['photo', 20],
  ['comment', 7],
  ['save', 7],
  ['offer', 5],
  // A listing is two requests: its photo's upload, then the listing.
  ['listing', 2],
];
const SEARCHES = ['tofu65', 'tkl', 'hotswap', 'alice', 'numpad', 'cluster bench'];

export interface Sample {
  op: Op;
  /** performance.now() when the request was sent. */
  at: number;
  ms: number;
  status: number;
  /** X-Served-By: api1, api2... or 'cache' (HAProxy's), undefined when no answer came. */
  server: string | undefined;
  error?: string;
}

export type Write =
  | { kind: 'comment'; userId: string; itemId: string; body: string }
  | { kind: 'save'; userId: string; itemId: string }
  | { kind: 'offer'; userId: string; itemId: string }
  | { kind: 'listing'; userId: string; name: string };

export interface LoadRun {
  samples: Sample[];
  writes: Write[];
  seconds: number;
}

function pick(random: number): Op {
  let left = random * 100;
  for (const [op, share] of MIX) {
    if (left < share) return op;
    left -= share;
  }
  return 'feed';
}

const post = (actor: Actor, body?: unknown): RequestInit => ({
  method: 'POST',
  headers: { cookie: actor.cookie, 'x-xsrf-token': actor.xsrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/**
 * Runs the load for `seconds`. `tag` makes this run's comment bodies and listing names unique (both runs use the
 * same users). Offers: each writer offers on a listing at most once across runs (`offered` is shared).
 */
export async function runLoad(front: string, world: World, o: { workers: number; seconds: number; tag: string; offered: Set<string> }): Promise<LoadRun> {
  const samples: Sample[] = [];
  const writes: Write[] = [];
  const started = performance.now();
  const until = started + o.seconds * 1000;
  let writer = 0;
  let seq = 0;
  const listing = () => world.listings[Math.floor(Math.random() * world.listings.length)]!;

  /** One request, timed and kept; answers the response when one came (its body read). */
  async function timed(op: Op, url: string, init?: RequestInit): Promise<{ status: number; body: string; type: string; sample: Sample } | undefined> {
    const at = performance.now();
    try {
      const response = await fetch(front + url, { ...init, signal: AbortSignal.timeout(15_000) });
      const body = op === 'photo' ? String((await response.arrayBuffer()).byteLength) : await response.text();
      const sample: Sample = { op, at, ms: performance.now() - at, status: response.status, server: response.headers.get('x-served-by') ?? undefined };
      samples.push(sample);
      return { status: response.status, body, type: response.headers.get('content-type') ?? '', sample };
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
      samples.push({ op, at, ms: performance.now() - at, status: 0, server: undefined, error: `${(error as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''}` });
      return undefined;
    }
  }

  async function once(op: Op): Promise<void> {
    switch (op) {
      case 'feed':
        await timed(op, '/api/items');
        return;
      case 'search':
        await timed(op, `/api/items?searchText=${encodeURIComponent(SEARCHES[seq++ % SEARCHES.length]!)}`);
        return;
      case 'item':
        await timed(op, `/api/item/${listing().id}`);
        return;
      case 'photo': {
        const answer = await timed(op, listing().photos[Math.random() < 0.5 ? 0 : 1]);
        // A photo that came back empty or as something else than an image failed too, whatever its status said.
        if (answer && answer.status === 200 && (answer.body === '0' || !answer.type.startsWith('image/'))) answer.sample.status = 599;
        return;
      }
    }
    const actor = world.writers[writer++ % world.writers.length]!;
    if (op === 'comment') {
      const itemId = listing().id;
      const body = `Is this still available? (${o.tag}-${seq++})`;
      const answer = await timed(op, `/api/item/${itemId}/comment`, post(actor, { body }));
      if (answer && answer.status < 300) writes.push({ kind: 'comment', userId: actor.id, itemId, body });
    } else if (op === 'save') {
      const itemId = listing().id;
      const answer = await timed(op, `/api/item/${itemId}/save`, post(actor));
      if (answer && answer.status < 300) writes.push({ kind: 'save', userId: actor.id, itemId });
    } else if (op === 'offer') {
      let target = listing();
      while (o.offered.has(`${actor.id}/${target.id}`)) target = listing();
      o.offered.add(`${actor.id}/${target.id}`);
      const answer = await timed(op, '/api/offer', post(actor, { itemId: target.id, offerPrice: 150 }));
      if (answer && answer.status < 300) writes.push({ kind: 'offer', userId: actor.id, itemId: target.id });
    } else if (op === 'listing') {
      // As the sell form does it: the photo first (re-encoded, put in the bucket), then the listing naming it.
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(world.upload)], { type: 'image/jpeg' }), 'board.jpg');
      const uploaded = await timed('upload', '/api/img/upload', { method: 'POST', headers: { cookie: actor.cookie, 'x-xsrf-token': actor.xsrf }, body: form });
      if (!uploaded || uploaded.status >= 300) return;
      const { url } = JSON.parse(uploaded.body) as { url: string };
      const name = `Cluster bench listing ${o.tag}-${seq++}`;
      const answer = await timed(
        op,
        '/api/item',
        post(actor, {
          categoryId: 'keyboards',
          name,
          description: 'Listed during the cluster bench.',
          price: 120,
          payment: 'pay@example.test',
          offersAccepted: true,
          isFixedPrice: true,
          photos: [url],
          shippingPrices: [{ code: 'US', price: 10 }],
        }),
      );
      if (answer && answer.status < 300) writes.push({ kind: 'listing', userId: actor.id, name });
    }
  }

  await Promise.all(
    Array.from({ length: o.workers }, async () => {
      while (performance.now() < until) await once(pick(Math.random()));
    }),
  );
  return { samples, writes, seconds: (performance.now() - started) / 1000 };
}
