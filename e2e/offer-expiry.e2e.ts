import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords';
import { freshDatabase, postgresAvailable } from './own-database';
import { DESKTOP, launchBrowser, screenshotPath } from './browser';
import { startServer, type RunningServer } from './server';
import { signedIn } from './session';

/**
 * Issue 13, journey 3: an accepted offer left unpaid expires, and the seller gives more time. Time is advanced in
 * the database, so this journey runs its own server on the PostgreSQL server (CI always has one; elsewhere it is
 * skipped with a line when none answers).
 */
const available = await postgresAvailable('offer-expiry journey');

let browser: Browser;
let server: RunningServer;
let db: pg.Client;

beforeAll(async () => {
  if (!available) return;
  const DATABASE_URL = await freshDatabase('keeb_e2e_offer_expiry');
  server = await startServer({ DATABASE_URL, DEMO_DATA: '0' });
  db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const passwordHash = await hashPassword('demo-password');
  const { rows } = await db.query<{ id: string; username: string }>(
    `insert into users (username, email, password_hash, shipping_region_code, email_confirmed_at)
     values ('expiry_seller', 'expiry-seller@example.test', $1, 'US', now()), ('expiry_buyer', 'expiry-buyer@example.test', $1, 'US', now())
     returning id, username`,
    [passwordHash],
  );
  const seller = rows.find((r) => r.username === 'expiry_seller')!;
  const item = await db.query<{ id: string }>(
    `insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price, photos, thumbnail, approval_status)
     values ($1, 'keyboards', 'Expiry Journey TKL', 'A board for the expiry journey.', 20000, 'pay@example.test', true, false, '{/uploads/none.jpg}', '/uploads/none.jpg', 'approved')
     returning id`,
    [seller.id],
  );
  await db.query(`insert into item_shipping (item_id, region_code, price_cents) values ($1, 'US', 1500)`, [item.rows[0]!.id]);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await server?.stop();
});

describe.runIf(available)('an accepted offer left unpaid', () => {
  it('expires when its 24 hours pass (time advanced), and the seller gives more time', async () => {
    const baseUrl = server.baseUrl;
    const [{ id: itemId }] = (await db.query<{ id: string }>(`select id from items where name = 'Expiry Journey TKL'`)).rows as [{ id: string }];
    const buyer = await signedIn(browser, baseUrl, 'expiry_buyer');
    await buyer.page.goto(`${baseUrl}/detail/${itemId}`);
    await buyer.page.getByRole('button', { name: 'Make An Offer' }).click();
    const offerDialog = buyer.page.getByRole('dialog', { name: 'Send Offer' });
    await offerDialog.getByLabel('Your offer (USD)').fill('150');
    await offerDialog.getByRole('button', { name: 'Send Offer' }).click();
    await buyer.page.getByText('Offer Sent').waitFor();

    const seller = await signedIn(browser, baseUrl, 'expiry_seller', DESKTOP);
    await seller.page.goto(`${baseUrl}/me/offers`);
    await seller.page.getByRole('list', { name: 'Offers received' }).getByRole('button', { name: 'Accept' }).click();
    await seller.page.getByRole('dialog', { name: 'Accept Offer' }).getByRole('button', { name: 'Accept' }).click();
    await seller.page.getByText('Awaiting Payment').waitFor();

    // 25 hours pass: the window's start moves back and its expiry job comes due, as the clock would make it.
    await db.query(`update offers set time_accepted = time_accepted - interval '25 hours' where item_id = $1 and status = 'accepted'`, [itemId]);
    const { rows } = await db.query<{ t: string }>(`select to_json(time_accepted)#>>'{}' as t from offers where item_id = $1`, [itemId]);
    const moved = new Date(rows[0]!.t).toISOString();
    await db.query(
      `update pgboss.job set data = jsonb_set(data, '{timeAccepted}', to_jsonb($1::text)), start_after = now()
       where name in ('offer-expiry', 'offer-expiry-warning') and state = 'created'`,
      [moved],
    );
    await expect.poll(async () => (await db.query(`select status from offers where item_id = $1`, [itemId])).rows[0]?.status, { timeout: 20_000 }).toBe('expired');

    await seller.page.reload();
    await seller.page.getByText('The buyer did not pay within 24 hours').waitFor();
    await seller.page.screenshot({ path: screenshotPath('offers-expired-desktop') });
    await seller.page.getByRole('button', { name: 'Give More Time' }).first().click();
    await seller.page.getByRole('dialog', { name: 'Give More Time' }).getByRole('button', { name: 'Give More Time' }).click();
    await seller.page.getByText('Awaiting Payment').waitFor();
    expect((await db.query(`select status from offers where item_id = $1`, [itemId])).rows[0]?.status).toBe('accepted');

    await buyer.page.goto(`${baseUrl}/me/offers?tab=sent`);
    await buyer.page.getByRole('button', { name: 'Pay Now' }).waitFor();
    await buyer.context.close();
    await seller.context.close();
  });
});
