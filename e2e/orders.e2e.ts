import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords';
import { freshDatabase, postgresAvailable } from './own-database';
import { DESKTOP, launchBrowser, PHONE, screenshotPath } from './browser';
import { startServer, type RunningServer } from './server';
import { signedInCookiesAccepted } from './session';

/**
 * Issue 26's journeys, after the payment: a buyer pays with their saved address, the seller sees it and ships with a
 * tracking number, the buyer follows the tracking link, confirms and rates, and both count one more confirmed trade
 * (desktop); on a phone, an order left unshipped past 72 hours shows 'Late', the buyer reports a problem and marks
 * it resolved. Time is advanced in the database, so the journeys run their own server on the PostgreSQL server (CI
 * always has one; elsewhere they are skipped with a line when none answers), like the offer-expiry journey.
 */
const available = await postgresAvailable('orders journeys');

/** UPS's published example number: valid check digit, so the API recognises UPS from it. */
const UPS_NUMBER = '1Z999AA10123456784';

let browser: Browser;
let server: RunningServer;
let db: pg.Client;
const itemIds: Record<string, string> = {};

beforeAll(async () => {
  if (!available) return;
  const DATABASE_URL = await freshDatabase('keeb_e2e_orders');
  server = await startServer({ DATABASE_URL, DEMO_DATA: '0' });
  db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const passwordHash = await hashPassword('demo-password');
  const { rows } = await db.query<{ id: string; username: string }>(
    `insert into users (username, email, password_hash, shipping_region_code, email_confirmed_at)
     values ('order_seller', 'order-seller@example.test', $1, 'US', now()),
            ('order_buyer', 'order-buyer@example.test', $1, 'US', now()),
            ('phone_buyer', 'phone-buyer@example.test', $1, 'US', now())
     returning id, username`,
    [passwordHash],
  );
  const seller = rows.find((r) => r.username === 'order_seller')!;
  for (const [name, cents] of [
    ['Order Journey 65%', 20000],
    ['Late Journey TKL', 15000],
  ] as const) {
    const item = await db.query<{ id: string }>(
      `insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price, photos, thumbnail, approval_status)
       values ($1, 'keyboards', $2, 'A board for the orders journeys.', $3, 'pay@example.test', false, true, '{/uploads/none.jpg}', '/uploads/none.jpg', 'approved')
       returning id`,
      [seller.id, name, cents],
    );
    itemIds[name] = item.rows[0]!.id;
    await db.query(`insert into item_shipping (item_id, region_code, price_cents) values ($1, 'US', 1500)`, [item.rows[0]!.id]);
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await server?.stop();
});

/** Signed in, with the cookie banner accepted so it covers nothing. */
const person = (username: string, viewport: typeof DESKTOP) => signedInCookiesAccepted(browser, server.baseUrl, username, viewport);

/** Purchase at the listing price through the local payment stand-in; `address` fills its form when given. */
async function buy(page: Page, itemId: string, address?: (page: Page) => Promise<void>) {
  await page.goto(`${server.baseUrl}/detail/${itemId}`);
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByRole('dialog', { name: 'Purchase' }).getByRole('button', { name: 'Continue to PayPal' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/approve/'));
  await address?.(page);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const overlay = page.getByRole('dialog');
  await overlay.getByRole('button', { name: 'Complete Purchase' }).click();
  await overlay.getByText('Payment Complete').waitFor({ timeout: 20_000 });
}

async function orderIdOf(itemId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`select id from orders where item_id = $1`, [itemId]);
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

async function confirmedTrades(page: Page, username: string): Promise<string> {
  await page.goto(`${server.baseUrl}/u/${username}`);
  const panel = page.getByRole('list', { name: 'Trust' }).first();
  return (await panel.getByText(/confirmed trades?$/).first().textContent()) ?? '';
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: screenshotPath(name), fullPage: true });
}

describe.runIf(available)('after the payment', () => {
  it('the buyer pays with their address, the seller ships with tracking, the buyer confirms and rates; both count one more confirmed trade (desktop)', { timeout: 180_000 }, async () => {
    const buyer = await person('order_buyer', DESKTOP);
    expect(await confirmedTrades(buyer.page, 'order_seller')).toBe('0 confirmed trades');
    expect(await confirmedTrades(buyer.page, 'order_buyer')).toBe('0 confirmed trades');

    // The buyer saves a mailing address in Settings...
    await buyer.page.goto(`${server.baseUrl}/settings`);
    await buyer.page.getByRole('button', { name: 'Add Address' }).click();
    await buyer.page.getByLabel('Full name').fill('Ada Buyer');
    await buyer.page.getByLabel('Address line 1', { exact: true }).fill('1 Switch Street');
    await buyer.page.getByLabel('City').fill('Portland');
    await buyer.page.getByLabel('State or region').fill('OR');
    await buyer.page.getByLabel('Postal code').fill('97201');
    await buyer.page.getByLabel('Country').selectOption('US');
    await buyer.page.getByRole('button', { name: 'Save Address' }).click();
    await buyer.page.getByText('Saved', { exact: true }).waitFor();

    // ...which the payment page fills in; paying makes the order.
    const itemId = itemIds['Order Journey 65%']!;
    await buy(buyer.page, itemId, async (page) => {
      expect(await page.getByLabel('Full name').inputValue()).toBe('Ada Buyer');
      expect(await page.getByLabel('Postal code').inputValue()).toBe('97201');
    });
    const orderId = await orderIdOf(itemId);

    // The seller finds it under My Orders, sees where to ship, and ships with a tracking number (carrier recognised).
    const seller = await person('order_seller', DESKTOP);
    await seller.page.goto(`${server.baseUrl}/me/orders?tab=sold`);
    await seller.page.getByTestId('order-row').filter({ hasText: 'Order Journey 65%' }).click();
    await seller.page.waitForURL((url) => url.pathname === `/me/orders/${orderId}`);
    await seller.page.getByTestId('order-status').filter({ hasText: 'Awaiting shipment' }).waitFor();
    const shipTo = seller.page.getByTestId('order-ship-to');
    await expect.poll(() => shipTo.textContent()).toMatch(/Ada Buyer.*1 Switch Street.*Portland/s);
    await shot(seller.page, 'order-seller-to-ship-desktop');
    await seller.page.getByLabel('Tracking number (optional)').fill(UPS_NUMBER);
    await seller.page.getByRole('button', { name: 'Mark as shipped' }).click();
    await seller.page.getByTestId('order-status').filter({ hasText: 'Shipped' }).waitFor();
    await seller.page.getByRole('link', { name: `Tracking: ${UPS_NUMBER} (UPS)` }).waitFor();

    // The buyer sees the tracking link, confirms the board arrived, and rates the seller.
    await buyer.page.goto(`${server.baseUrl}/me/orders/${orderId}`);
    const tracking = buyer.page.getByRole('link', { name: `Tracking: ${UPS_NUMBER} (UPS)` });
    expect(await tracking.getAttribute('href')).toContain(UPS_NUMBER);
    expect(await buyer.page.getByTestId('order-ship-to').count()).toBe(0);
    await shot(buyer.page, 'order-buyer-shipped-desktop');
    await buyer.page.getByRole('button', { name: 'Confirm received' }).click();
    await buyer.page.getByRole('dialog').getByRole('button', { name: 'Confirm received' }).click();
    await buyer.page.getByText('Thanks for confirming! How did the seller do?').waitFor();
    await buyer.page.getByTestId('order-status').filter({ hasText: 'Received' }).waitFor();
    await buyer.page.getByRole('button', { name: 'Rate the seller' }).click();
    const feedback = buyer.page.getByRole('dialog', { name: 'Send Feedback' });
    await feedback.getByRole('button', { name: 'Submit' }).click();
    await feedback.waitFor({ state: 'hidden' });
    await shot(buyer.page, 'order-buyer-received-desktop');
    expect((await db.query(`select count(*)::int as n from seller_ratings where item_id = $1`, [itemId])).rows[0]?.n).toBe(1);

    // One more confirmed trade for both.
    expect(await confirmedTrades(buyer.page, 'order_seller')).toBe('1 confirmed trade');
    expect(await confirmedTrades(buyer.page, 'order_buyer')).toBe('1 confirmed trade');
    await buyer.context.close();
    await seller.context.close();
  });

  it('on a phone: an order unshipped past 72 hours shows Late, the buyer reports a problem and marks it resolved', { timeout: 180_000 }, async () => {
    const buyer = await person('phone_buyer', PHONE);
    const itemId = itemIds['Late Journey TKL']!;
    await buy(buyer.page, itemId, async (page) => {
      await page.getByLabel('Full name').fill('Pat Phone');
      await page.getByLabel('Address line 1', { exact: true }).fill('9 Keycap Avenue');
      await page.getByLabel('City').fill('Austin');
      await page.getByLabel('State or region').fill('TX');
      await page.getByLabel('Postal code').fill('73301');
      await page.getByLabel('Country').selectOption('US');
    });
    const orderId = await orderIdOf(itemId);

    // 73 hours pass without shipping: the late deadline runs from the job queue.
    await db.query(`update orders set paid_at = paid_at - interval '73 hours', ship_by = ship_by - interval '73 hours' where id = $1`, [orderId]);
    await db.query(`update order_events set at = at - interval '73 hours' where order_id = $1`, [orderId]);
    await db.query(`update pgboss.job set start_after = now() where name = 'order-deadline' and data->>'orderId' = $1 and state = 'created'`, [orderId]);
    await expect
      .poll(async () => (await db.query(`select count(*)::int as n from order_events where order_id = $1 and kind = 'late'`, [orderId])).rows[0]?.n, { timeout: 30_000 })
      .toBe(1);

    await buyer.page.goto(`${server.baseUrl}/me/orders/${orderId}`);
    await buyer.page.getByTestId('order-late').waitFor();
    await shot(buyer.page, 'order-late-phone');
    const seller = await person('order_seller', PHONE);
    await seller.page.goto(`${server.baseUrl}/me/orders/${orderId}`);
    await seller.page.getByTestId('order-late').waitFor();
    await expect.poll(() => seller.page.getByTestId('order-ship-to').textContent()).toMatch(/Pat Phone/);
    await shot(seller.page, 'order-seller-late-phone');

    // The buyer reports it not received: the page says how to open a case at PayPal.
    await buyer.page.getByRole('button', { name: 'Report a problem' }).click();
    const dialog = buyer.page.getByRole('dialog', { name: 'Report a problem' });
    await dialog.getByLabel('Reason').selectOption({ label: 'Not received' });
    await dialog.getByLabel('Details').fill('Paid three days ago and nothing has shipped.');
    await dialog.getByRole('button', { name: 'Report problem' }).click();
    await buyer.page.getByRole('heading', { name: 'Problem reported: Not received' }).waitFor();
    await buyer.page.getByRole('link', { name: 'Open PayPal’s Resolution Center' }).waitFor();
    await shot(buyer.page, 'order-problem-phone');

    // The seller sees it on the order.
    await seller.page.reload();
    await seller.page.getByRole('heading', { name: 'Problem reported: Not received' }).waitFor();

    // Sorted out between them: the buyer marks it resolved.
    await buyer.page.getByRole('button', { name: 'Mark resolved' }).click();
    await buyer.page.getByRole('dialog').getByRole('button', { name: 'Mark resolved' }).click();
    await buyer.page.getByTestId('order-page').and(buyer.page.locator('[data-status="paid"]')).waitFor();
    await buyer.page.getByTestId('order-problem').getByText(/^Marked resolved by the buyer/).waitFor();
    expect(await buyer.page.getByTestId('order-problem-note').count()).toBe(0);
    await shot(buyer.page, 'order-resolved-phone');
    await buyer.context.close();
    await seller.context.close();
  });
});
