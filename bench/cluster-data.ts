/**
 * The cluster bench's world, made in SQL and in the bucket before the load: sellers with approved listings whose
 * photos are objects in the bucket, writers (signed-in users who comment, save, offer and list), and chat pairs
 * with a conversation each. Sessions are written straight into the sessions table and signed with the bench's
 * SESSION_SECRET, as bench/offers.ts does; each user's XSRF token is then issued by the API itself.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import sharp from 'sharp';

export const SELLERS = 40;
export const ITEMS_PER_SELLER = 50;
export const WRITERS = 240;
export const CHAT_PAIRS = 20;

export interface Actor {
  id: string;
  /** `sid=...; XSRF-TOKEN=...` as a browser sends them. */
  cookie: string;
  xsrf: string;
}

export interface Listing {
  id: string;
  /** Its photo's list and detail variants in the bucket (/uploads/items/<seller>/@2x_<name>.jpg, @4x_). */
  photos: [string, string];
}

export interface ChatPair {
  conversationId: string;
  a: Actor;
  b: Actor;
}

export interface World {
  listings: Listing[];
  writers: Actor[];
  pairs: ChatPair[];
  /** A small JPEG the writers upload when they list. */
  upload: Buffer;
}

export function sessionCookie(secret: string, sid: string): string {
  const mac = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `sid=${encodeURIComponent(`s:${sid}.${mac}`)}`;
}

async function insertUsers(db: pg.Client, prefix: string, n: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (username, email, password_hash, shipping_region_code, email_confirmed_at)
     select '${prefix}_' || g, '${prefix}-' || g || '@example.test', 'bench-no-password', 'US', now() from generate_series(1, $1) g
     returning id`,
    [n],
  );
  return rows.map((r) => r.id);
}

/** Signed-in actors: a session row each, then one GET through the front that issues their XSRF token. */
async function actors(db: pg.Client, front: string, secret: string, ids: string[]): Promise<Actor[]> {
  const expires = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const out: Actor[] = [];
  for (const userId of ids) {
    const sid = `cluster-bench-${randomBytes(18).toString('base64url')}`;
    const sess = { cookie: { originalMaxAge: 24 * 60 * 60 * 1000, expires, httpOnly: true, sameSite: 'lax', path: '/' }, userId };
    await db.query(`insert into sessions (sid, sess, expires_at) values ($1, $2::jsonb, $3)`, [sid, JSON.stringify(sess), expires.toISOString()]);
    const cookie = sessionCookie(secret, sid);
    const response = await fetch(`${front}/api/me/notifications`, { headers: { cookie } });
    await response.arrayBuffer();
    const xsrf = response.headers.getSetCookie().map((c) => /^XSRF-TOKEN=([^;]*)/.exec(c)?.[1]).find(Boolean);
    if (response.status !== 200 || !xsrf) throw new Error(`priming ${userId}'s session answered ${response.status} without an XSRF token`);
    out.push({ id: userId, cookie: `${cookie}; XSRF-TOKEN=${xsrf}`, xsrf: decodeURIComponent(xsrf) });
  }
  return out;
}

export async function makeWorld(options: { databaseUrl: string; front: string; secret: string; s3: { endpoint: string; bucket: string } }): Promise<World> {
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    const sellers = await insertUsers(db, 'cb_seller', SELLERS);
    const { rows: items } = await db.query<{ id: string; seller_id: string; n: number }>(
      `insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price, photos, thumbnail, approval_status)
       select s.id, 'keyboards', 'Cluster bench board ' || s.i || '-' || g || (array[' tofu65', ' tkl', ' 60% hotswap', ' alice', ' numpad'])[1 + g % 5],
              'A board the cluster bench lists.', 20000, 'pay@example.test', true, true,
              array['/uploads/items/' || s.id || '/p' || g || '.jpg'], '/uploads/items/' || s.id || '/@2x_p' || g || '.jpg', 'approved'
       from unnest($1::uuid[]) with ordinality s(id, i) cross join generate_series(1, $2) g
       returning id, seller_id, (regexp_match(photos[1], 'p([0-9]+)\\.jpg$'))[1]::int as n`,
      [sellers, ITEMS_PER_SELLER],
    );
    await db.query(`insert into item_shipping (item_id, region_code, price_cents) select unnest($1::uuid[]), 'US', 1500`, [items.map((i) => i.id)]);

    // Every listing's photo goes into the bucket as the API would write it (three variants): 6,000 objects, so that
    // most photo reads of a run are a first read, which HAProxy's cache cannot answer and the API reads from the bucket.
    const s3 = new S3Client({ endpoint: options.s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const photo = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#9ab3d5' } }).jpeg({ quality: 70 }).toBuffer();
    for (let i = 0; i < items.length; i += 20) {
      await Promise.all(
        items.slice(i, i + 20).flatMap((item) =>
          ['', '@2x_', '@4x_'].map((variant) =>
            s3.send(
              new PutObjectCommand({
                Bucket: options.s3.bucket,
                Key: `items/${item.seller_id}/${variant}p${item.n}.jpg`,
                Body: photo,
                ContentType: 'image/jpeg',
                CacheControl: 'public, max-age=31536000, immutable',
              }),
            ),
          ),
        ),
      );
    }
    s3.destroy();
    await db.query('analyze');

    const writerIds = await insertUsers(db, 'cb_writer', WRITERS);
    const chatIds = await insertUsers(db, 'cb_chat', CHAT_PAIRS * 2);
    const writers = await actors(db, options.front, options.secret, writerIds);
    const chatters = await actors(db, options.front, options.secret, chatIds);
    const pairs: ChatPair[] = [];
    for (let p = 0; p < CHAT_PAIRS; p++) {
      const a = chatters[2 * p]!;
      const b = chatters[2 * p + 1]!;
      const opened = await fetch(`${options.front}/api/conversation`, {
        method: 'POST',
        headers: { cookie: a.cookie, 'x-xsrf-token': a.xsrf, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: b.id }),
      });
      if (opened.status !== 200) throw new Error(`opening a conversation answered ${opened.status}: ${await opened.text()}`);
      pairs.push({ conversationId: ((await opened.json()) as { _id: string })._id, a, b });
    }
    return {
      listings: items.map((item) => ({
        id: item.id,
        photos: [`/uploads/items/${item.seller_id}/@2x_p${item.n}.jpg`, `/uploads/items/${item.seller_id}/@4x_p${item.n}.jpg`],
      })),
      writers,
      pairs,
      upload: await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d5b39a' } }).jpeg().toBuffer(),
    };
  } finally {
    await db.end();
  }
}
