import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../db/client';
import { items, orders, purchases } from '../../db/schema/index';
import { browserSession, bundleServer, startApiProcess, type ApiProcess } from '../../test/api-process';
import { copyOfTemplate } from '../../test/db';
import { createItem, createUser } from '../../test/factories';
import { startFakePayPal, type FakePayPal } from '../../test/fakes/paypal';
import { hashPassword } from '../accounts/passwords';

/**
 * The issue 27 case from outside: a real API process is killed with SIGKILL in the middle of POST
 * /api/payment/item/process, after PayPal made the capture and before its answer arrived (the fake holds it).
 * Another process is started on the same database; within seconds, with nobody asking, the purchase is captured,
 * the order open and the item sold, and PayPal holds one capture.
 */
const PASSWORD = 'correct horse battery';
let serverEntry = '';
let paypal: FakePayPal;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  serverEntry = await bundleServer('capture-crash-test');
  paypal = await startFakePayPal();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  paypal?.releaseHeldCaptures();
  await paypal?.close();
  if (serverEntry) await rm(path.dirname(serverEntry), { recursive: true, force: true });
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(100);
  }
}

/** A seller's $100 Buy It Now listing shipping to the US for $10, and a buyer with a password to sign in with. */
async function seed(db: DatabaseHandle['db']) {
  const seller = await createUser(db, { emailConfirmedAt: new Date() });
  const item = await createItem(db, seller.id, { priceCents: 10_000, isFixedPrice: true, paymentEmail: 'payee@example.test' });
  const buyer = await createUser(db, { emailConfirmedAt: new Date(), passwordHash: await hashPassword(PASSWORD) });
  return { itemId: item.id, buyer };
}

/**
 * Buys through the first process and kills it mid-capture; the second process is started after the kill (a
 * restart), or was already running beside it (a cluster). Answers what the buyer saw, and how long the sale took
 * to appear after the kill.
 */
async function killMidCapture(env: NodeJS.ProcessEnv, itemId: string, buyerName: string, secondStarts: 'after the kill' | 'before the kill') {
  const processEnv = { ...env, ...paypal.env, SESSION_SECRET: 'capture-crash-test-secret-long-enough-0123456789' };
  const startSecond = async () => {
    const server = await startApiProcess(serverEntry, processEnv);
    cleanups.push(() => stop(server));
    return server;
  };
  const first = await startApiProcess(serverEntry, processEnv);
  cleanups.push(async () => first.child.kill('SIGKILL'));
  const running = secondStarts === 'before the kill' ? await startSecond() : undefined;
  const browser = browserSession();
  expect((await browser.post(first.base, '/api/login', { username: buyerName, password: PASSWORD })).status).toBe(200);
  const created = await browser.post(first.base, '/api/payment/item/create', { _id: itemId, price: 100, shippingPrice: 10 });
  expect(created.status).toBe(200);
  const orderId = new URL((created.body as { redirectUrl: string }).redirectUrl).searchParams.get('token')!;
  paypal.approve(orderId);

  paypal.hang.add('capture');
  const processing = browser.post(first.base, '/api/payment/item/process', { orderId }).catch((error: unknown) => error);
  expect(await until(async () => paypal.heldCaptureCount(), (n) => n === 1, 15_000)).toBe(1);
  first.child.kill('SIGKILL');
  const killedAt = Date.now();
  await first.exited;
  // The buyer's request died with the process: no answer.
  expect(await processing).toBeInstanceOf(Error);
  // Its held answer goes nowhere now (as PayPal's would to a dead process).
  paypal.hang.clear();
  paypal.releaseHeldCaptures();

  const second = running ?? (await startSecond());
  const startedAfter = (Date.now() - killedAt) / 1000;
  // Nobody asks: the public item page shows the item sold once the second process has settled the capture.
  const page = await until(
    async () => (await browserSession().get(second.base, `/api/item/${itemId}`)).body as { item: { purchaserId?: string; paymentStatus?: string } },
    (body) => Boolean(body.item.purchaserId),
    30_000,
  );
  const soldAfter = (Date.now() - killedAt) / 1000;
  return { orderId, page, second, browser, startedAfter, soldAfter };
}

async function expectOneCapture(orderId: string) {
  expect(paypal.callsTo('capture').filter((c) => c.path.includes(orderId))).toHaveLength(1);
  expect(paypal.orders.get(orderId)!.capture).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '110.00' } });
}

async function expectSaleRows(db: DatabaseHandle['db'], itemId: string, buyerId: string) {
  const [purchase] = await db.select().from(purchases).where(eq(purchases.itemId, itemId));
  expect(purchase).toMatchObject({ status: 'captured', buyerId });
  expect((await db.select().from(items).where(eq(items.id, itemId)))[0]).toMatchObject({ purchaserId: buyerId, priceSoldCents: 10_000, paymentStatus: 'none' });
  expect((await db.select().from(orders).where(eq(orders.id, purchase!.id)))[0]).toMatchObject({ status: 'paid', buyerId });
}

/** The buyer back on the return page (it posts process again) and on My Orders: the sale, on the new process. */
async function expectBuyerSeesSale(run: Awaited<ReturnType<typeof killMidCapture>>, itemId: string) {
  const { second, browser, orderId } = run;
  expect((await browser.post(second.base, '/api/payment/item/process', { orderId })).body).toEqual({ status: 'COMPLETED', itemId, priceSold: 100 });
  const bought = (await browser.get(second.base, '/api/me/orders?role=bought')).body as Array<{ item: { _id: string }; status: string }>;
  expect(bought.map((o) => [o.item._id, o.status])).toEqual([[itemId, 'paid']]);
}

const stop = async (server: ApiProcess) => {
  server.child.kill('SIGTERM');
  await server.exited;
};

/** A database of its own on the PostgreSQL server, made from the migrated test template. */
async function serverDatabase() {
  const copy = await copyOfTemplate(inject('pgTemplateUrl')!, 'keeb_capture_crash');
  const handle = await openPostgres(copy.url);
  cleanups.push(async () => {
    await handle.close();
    await copy.drop();
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'keeb-capture-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return { handle, env: { DATABASE_URL: copy.url, DATA_DIR: dataDir } };
}

describe('a capture whose API process was killed', () => {
  for (const secondStarts of ['after the kill', 'before the kill'] as const) {
    it.runIf(inject('pgTemplateUrl'))(
      `on PostgreSQL, another process started ${secondStarts} settles it within seconds, with one capture at PayPal`,
      async () => {
        const { handle, env } = await serverDatabase();
        const { itemId, buyer } = await seed(handle.db);
        const run = await killMidCapture(env, itemId, buyer.username, secondStarts);
        console.log(`capture crash test (postgresql, second process started ${secondStarts}): ${JSON.stringify({ secondReadyAfterKill: run.startedAfter, soldAfterKill: run.soldAfter })}`);
        expect(run.page.item).toMatchObject({ purchaserId: buyer.id, paymentStatus: 'none' });
        await expectSaleRows(handle.db, itemId, buyer.id);
        await expectOneCapture(run.orderId);
        await expectBuyerSeesSale(run, itemId);
        await expectOneCapture(run.orderId);
        // Seconds: the dead claim goes stale 5 s after its last heartbeat, then its check (or start-up's) settles it.
        expect(run.soldAfter).toBeLessThan(run.startedAfter + 15);
        await stop(run.second);
      },
      90_000,
    );
  }

  it.runIf(!inject('pgTemplateUrl'))(
    'on the embedded database: the restarted process finds it at start-up and settles it, with one capture at PayPal',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'keeb-capture-crash-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      const dbDir = path.join(dataDir, 'db');
      // The embedded database starts as the migrated test template, with the listing and the buyer in it.
      const seeding = await openPglite({ dataDir: dbDir, loadDataDir: new Blob([await readFile(inject('pgliteDump')!)]) });
      const { itemId, buyer } = await seed(seeding.db);
      await seeding.close();

      const run = await killMidCapture({ DATA_DIR: dataDir }, itemId, buyer.username, 'after the kill');
      console.log(`capture crash test (pglite): ${JSON.stringify({ restartedAfterKill: run.startedAfter, soldAfterKill: run.soldAfter })}`);
      expect(run.page.item).toMatchObject({ purchaserId: buyer.id, paymentStatus: 'none' });
      await expectBuyerSeesSale(run, itemId);
      await stop(run.second);
      await expectOneCapture(run.orderId);
      const after = await openPglite({ dataDir: dbDir });
      try {
        await expectSaleRows(after.db, itemId, buyer.id);
      } finally {
        await after.close();
      }
      expect(run.soldAfter).toBeLessThan(run.startedAfter + 15);
    },
    90_000,
  );
});
