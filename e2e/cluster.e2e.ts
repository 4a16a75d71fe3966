/// <reference path="../apps/api/src/test/s3rver.d.ts" />
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords';
import { findHaproxy, freePort, root, startCluster, type Cluster } from '../scripts/cluster/cluster.mjs';
import { DESKTOP, launchBrowser, PHONE, screenshotPath } from './browser';
import { freshDatabase, postgresAvailable } from './own-database';
import { adminSocketOf, backendOf, FROM_CACHE, haproxyCommand, recordServers, SERVED_BY, socketServers, taggedHaproxyConfig } from './served-by';
import { signedInCookiesAccepted } from './session';

/**
 * Issue 27's journey: two API processes behind HAProxy on one PostgreSQL database, Redis between their sockets,
 * photos in an S3-protocol bucket (s3rver). The seller lists with two photos while only api1 serves; api1 is then
 * stopped (SIGTERM) and api2 alone serves the admin's approval and the buyer's item page, whose photos load from the
 * bucket through api2. Then the seller's socket is on api1 and the buyer's on api2, and their messages arrive live.
 * Which process answered is read from the X-Served-By header HAProxy adds (served-by.ts). Needs PostgreSQL, Redis
 * and haproxy: elsewhere skipped with a line, a failure when E2E_REQUIRE_BROWSER=1, like the other own-database
 * journeys.
 */
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUCKET = 'keeb-e2e-cluster';
const ITEM_NAME = 'Cluster Journey Tofu65 - Two Photos';

async function redisAvailable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** PostgreSQL (own-database.ts's rule), then Redis and haproxy under the same rule. */
async function clusterAvailable(): Promise<boolean> {
  if (!(await postgresAvailable('cluster journey'))) return false;
  const missing = !findHaproxy() ? 'haproxy (apt-get install haproxy)' : !(await redisAvailable()) ? `Redis at ${REDIS_URL} (set E2E_REDIS_URL)` : undefined;
  if (!missing) return true;
  if (process.env.E2E_REQUIRE_BROWSER === '1') throw new Error(`the cluster journey needs ${missing}`);
  console.log(`The cluster journey skipped: no ${missing}.`);
  return false;
}

const available = await clusterAvailable();

let browser: Browser;
let cluster: Cluster;
let s3: S3rver | undefined;
/** The journey's temporary directory: the bucket's objects (s3/) and the tagged HAProxy configuration. */
let workDir = '';
let s3Endpoint = '';
let db: pg.Client;
let sellerId = '';
let itemUrl = '';

beforeAll(async () => {
  if (!available) return;
  const DATABASE_URL = await freshDatabase('keeb_e2e_cluster');
  workDir = await mkdtemp(path.join(tmpdir(), 'keeb-e2e-cluster-'));
  s3 = new S3rver({ address: '127.0.0.1', port: await freePort(), directory: path.join(workDir, 's3'), silent: true, configureBuckets: [{ name: BUCKET }] });
  s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  cluster = await startCluster({
    processes: 2,
    haproxyConfig: await taggedHaproxyConfig(root, workDir),
    env: {
      DATABASE_URL,
      REDIS_URL,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      // Listing needs no verified phone here: the phone check has its own journey.
      PHONE_VERIFICATION: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const passwordHash = await hashPassword('demo-password');
  const { rows } = await db.query<{ id: string; username: string }>(
    `insert into users (username, email, password_hash, shipping_region_code, email_confirmed_at, is_admin)
     values ('cluster_seller', 'cluster-seller@example.test', $1, 'US', now(), false),
            ('cluster_admin', 'cluster-admin@example.test', $1, 'US', now(), true),
            ('cluster_buyer', 'cluster-buyer@example.test', $1, 'US', now(), false)
     returning id, username`,
    [passwordHash],
  );
  sellerId = rows.find((r) => r.username === 'cluster_seller')!.id;
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await cluster?.stopAll();
  await s3?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Signed in, with the cookie banner accepted so it covers nothing. */
const person = (username: string, viewport: typeof DESKTOP) => signedInCookiesAccepted(browser, cluster.url, username, viewport);

const apiOrUploads = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/uploads/');

type Answers = ReturnType<typeof recordServers>;
/** The servers that answered API calls, once each ('api1', 'api2'). */
const apiServers = (seen: Answers) => [...new Set(seen.filter((s) => s.url.startsWith('/api/')).map((s) => s.server ?? '(none)'))].sort();
/** The listing's photo reads: all 200, each from `server` or HAProxy's cache; answers how many came from `server`. */
function photoReadsFrom(seen: Answers, server: string): number {
  const reads = seen.filter((s) => s.url.startsWith(`/uploads/items/${sellerId}/`));
  expect(reads.length).toBeGreaterThanOrEqual(2);
  expect(reads.filter((r) => r.status !== 200)).toEqual([]);
  expect(reads.filter((r) => r.server !== server && r.server !== FROM_CACHE)).toEqual([]);
  return reads.filter((r) => r.server === server).length;
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

/** At least `atLeast` listing photos are on the page, and every one, scrolled into view, has pixels (naturalWidth > 0). */
async function photosLoaded(page: Page, atLeast: number): Promise<void> {
  const photos = page.locator('main img[src*="/uploads/items/"]');
  await expect.poll(() => photos.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(atLeast);
  const count = await photos.count();
  for (let i = 0; i < count; i++) {
    const photo = photos.nth(i);
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  }
}

describe.runIf(available)('two API processes behind HAProxy, photos in a bucket', () => {
  it('a seller lists with photos on api1; with api1 stopped, api2 serves the approval and the item page, its photos from the bucket', { timeout: 240_000 }, async () => {
    // Only api1 serves while the seller lists.
    await cluster.stop(1);
    const seller = await person('cluster_seller', DESKTOP);
    const sellerAnswers = recordServers(seller.page, apiOrUploads);
    await seller.page.goto(`${cluster.url}/sell`);
    await seller.page.getByLabel('Category').selectOption('keyboards');
    await seller.page.getByLabel('Name').fill(ITEM_NAME);
    await seller.page.getByLabel('Description').fill('Listed through HAProxy; the photos live in the bucket.');
    await seller.page.getByLabel('Price (USD)').fill('210');
    await seller.page.getByLabel('Payment email').fill('cluster-pay@example.test');
    await seller.page.getByText('Buy It Now', { exact: true }).click();
    await seller.page.getByText('Accept Offers', { exact: true }).click();
    await seller.page.getByText('United States', { exact: true }).click();
    await seller.page.getByLabel('Shipping price to United States').fill('12');
    const photoList = seller.page.getByRole('list', { name: 'Listing photos' });
    for (const [name, colour] of [['front.jpg', '#e8a6b9'], ['back.jpg', '#a6d8e8']] as const) {
      const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).jpeg().toBuffer();
      const uploaded = seller.page.waitForResponse((r) => r.url().endsWith('/api/img/upload'));
      await seller.page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'image/jpeg', buffer: photo });
      expect((await uploaded).status()).toBe(200);
    }
    await expect.poll(() => photoList.locator('img').count()).toBe(2);
    await shot(seller.page, 'cluster-sell-desktop');
    await seller.page.getByRole('button', { name: 'List Item' }).click();
    await seller.page.waitForURL((url) => url.pathname.startsWith('/detail/'));
    itemUrl = seller.page.url();
    const uploads = sellerAnswers.filter((a) => a.url === '/api/img/upload');
    expect(uploads).toHaveLength(2);
    expect(apiServers(sellerAnswers)).toEqual(['api1']);
    photoReadsFrom(sellerAnswers, 'api1');
    await seller.context.close();

    // The photos are objects in the bucket (each with its @2x_ and @4x_ variants), not files on a disk.
    const listed = await new S3Client({ endpoint: s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }).send(
      new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `items/${sellerId}/` }),
    );
    expect(listed.Contents?.length).toBe(6);
    const onDisk = await readdir(path.join(cluster.dir, 'data', 'uploads', 'items', sellerId)).catch(() => []);
    expect(onDisk).toEqual([]);

    // api2 takes over, api1 leaves (SIGTERM: it drains, then exits).
    await cluster.start(1);
    expect(await cluster.stop(0)).toMatchObject({ code: 0 });

    const admin = await person('cluster_admin', DESKTOP);
    const adminAnswers = recordServers(admin.page, apiOrUploads);
    await admin.page.goto(`${cluster.url}/approvals`);
    const row = admin.page.getByRole('listitem', { name: ITEM_NAME });
    await row.waitFor();
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });
    await admin.page.goto(itemUrl);
    await admin.page.getByRole('heading', { name: ITEM_NAME }).waitFor();
    await photosLoaded(admin.page, 2);
    await shot(admin.page, 'cluster-item-desktop');
    expect(apiServers(adminAnswers)).toEqual(['api2']);
    photoReadsFrom(adminAnswers, 'api2');
    // HAProxy's cache may hold what the seller's pages read through api1 (the item page the seller was sent to
    // loads its photos, or not yet, when their window closes): a photo address the cache has never seen (a query
    // string of its own; the API ignores it) shows api2 itself reading the object from the bucket.
    const photoPath = await admin.page.locator('main img[src*="/uploads/items/"]').first().getAttribute('src');
    const fresh = await admin.page.request.get(`${cluster.url}${new URL(photoPath!, cluster.url).pathname}?from=api2`);
    expect([fresh.status(), fresh.headers()[SERVED_BY], fresh.headers()['content-type']]).toEqual([200, 'api2', 'image/jpeg']);
    expect((await sharp(await fresh.body()).metadata()).width).toBeGreaterThan(0);
    await admin.context.close();

    // The buyer, on a phone, finds it in the feed and opens it: api2 serves the page and reads the photos from the bucket.
    const buyer = await person('cluster_buyer', PHONE);
    const buyerAnswers = recordServers(buyer.page, apiOrUploads);
    await buyer.page.goto(`${cluster.url}/`);
    const card = buyer.page.locator('main a[href^="/detail/"]', { hasText: ITEM_NAME }).first();
    await card.click();
    await buyer.page.waitForURL(itemUrl);
    await buyer.page.getByRole('heading', { name: ITEM_NAME }).waitFor();
    await photosLoaded(buyer.page, 2);
    await shot(buyer.page, 'cluster-item-phone');
    photoReadsFrom(buyerAnswers, 'api2');
    expect(apiServers(buyerAnswers)).toEqual(['api2']);
    await buyer.context.close();
  });

  it('the seller on api1 and the buyer on api2 chat, each message arriving live on the other process', { timeout: 240_000 }, async () => {
    expect(itemUrl).not.toBe('');
    await cluster.start(0);
    const backend = await backendOf(cluster.configFile, 'api2');
    const adminSocket = await adminSocketOf(cluster.configFile);
    const setState = async (server: string, state: 'drain' | 'ready') => {
      expect((await haproxyCommand(adminSocket, `set server ${backend}/${server} state ${state}`)).trim()).toBe('');
    };

    // api2 takes no new connection while the seller arrives: their socket opens on api1.
    await setState('api2', 'drain');
    const seller = await person('cluster_seller', DESKTOP);
    const sellerSockets = await socketServers(seller.page);
    await seller.page.goto(`${cluster.url}/chats`);
    await expect.poll(() => sellerSockets, { timeout: 15_000 }).toEqual(['api1']);
    await setState('api2', 'ready');

    // Then api1 takes none while the buyer arrives: theirs opens on api2; the seller's stays open on api1.
    await setState('api1', 'drain');
    const buyer = await person('cluster_buyer', PHONE);
    const buyerSockets = await socketServers(buyer.page);
    await buyer.page.goto(itemUrl);
    await expect.poll(() => buyerSockets, { timeout: 15_000 }).toEqual(['api2']);
    await setState('api1', 'ready');

    try {
      const stamp = Date.now().toString(36);
      await buyer.page.getByRole('button', { name: 'Message Seller' }).click();
      const modal = buyer.page.getByRole('dialog', { name: 'Send Message' });
      await modal.getByRole('textbox', { name: 'Message' }).fill(`Does it ship this week? (${stamp} question)`);
      await modal.getByRole('button', { name: 'Send' }).click();
      await modal.getByRole('link', { name: 'Continue in Chats' }).click();
      await buyer.page.waitForURL((url) => url.pathname.startsWith('/chats/messages/'));

      // The seller's corner notification comes over their socket on api1, from a message sent through api2.
      const notice = seller.page.getByTestId('corner-notification').getByRole('button');
      await notice.getByText('New message from cluster_buyer').waitFor({ timeout: 15_000 });
      await notice.click();
      await seller.page.waitForURL((url) => url.pathname === '/chats');
      await seller.page.getByRole('list', { name: 'Conversations' }).getByRole('link').first().click();
      await seller.page.waitForURL((url) => url.pathname.startsWith('/chats/messages/'));
      const sellerHistory = seller.page.getByRole('list', { name: 'Messages' });
      await sellerHistory.getByText(`(${stamp} question)`).waitFor();

      // The answer goes out through api1 and arrives in the buyer's open conversation on api2, without a reload.
      const input = seller.page.getByRole('textbox', { name: 'Message' });
      await input.fill(`Yes, tomorrow. (${stamp} answer)`);
      await input.press('Enter');
      await sellerHistory.getByText(`(${stamp} answer)`).waitFor();
      await buyer.page.getByRole('list', { name: 'Messages' }).getByText(`(${stamp} answer)`).waitFor({ timeout: 15_000 });
      await shot(seller.page, 'cluster-chat-desktop');
      await shot(buyer.page, 'cluster-chat-phone');

      // Neither socket moved: each message crossed between the processes (Redis), none came by a reconnection.
      expect(sellerSockets).toEqual(['api1']);
      expect(buyerSockets).toEqual(['api2']);
    } finally {
      await buyer.context.close();
      await seller.context.close();
    }
  });
});
