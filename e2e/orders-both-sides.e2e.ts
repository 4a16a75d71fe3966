import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords';
import { readOutbox } from '../apps/api/src/test/outbox';
import { DESKTOP, journeyShot as shot, launchBrowser, PHONE } from './browser';
import { seedListingPhoto } from './listing-photo';
import { freshDatabase, postgresAvailable } from './own-database';
import { startServer, type RunningServer } from './server';
import { signedInCookiesAccepted } from './session';

/**
 * Issue 36's journeys, at both widths: an order paid without an address (the stand-in asks for one; an order the
 * provider gave none says so to both sides and takes one from the buyer), a trade accepted while the other side has
 * no address (the side that lacks it is named and mailed; the sell form and the counter ask for it), receipt before
 * shipping (refused; 'Report a problem' dated; after 'not received' confirming is not the main button) and a problem
 * an admin closes (both sides mailed and told on their pages). Own server and database, as orders.e2e.ts.
 */
const available = await postgresAvailable('orders-both-sides journeys');

let browser: Browser;
let server: RunningServer;
let db: pg.Client;
const ids: Record<string, string> = {};
const HOME = { name: 'Robin Keys', line1: '7 Spacebar Street', line2: '', city: 'Chicago', region: 'IL', postalCode: '60601', country: 'US' };
const WIDTHS = [
  { width: 'desktop', viewport: DESKTOP },
  { width: 'phone', viewport: PHONE },
] as const;

async function user(username: string, options: { address?: boolean; admin?: boolean } = {}) {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (username, email, password_hash, shipping_region_code, email_confirmed_at, mailing_address, is_admin)
     values ($1, $2, $3, 'US', now(), $4, $5) returning id`,
    [username, `${username.replaceAll('_', '-')}@example.test`, await hashPassword('demo-password'), options.address ? JSON.stringify(HOME) : null, options.admin ?? false],
  );
  ids[username] = rows[0]!.id;
}

let photoCount = 0;

async function listing(owner: string, name: string, openToTrades = false) {
  // A real photo: the screenshots showed broken-image thumbnails with '/uploads/none.jpg'.
  const { photos, thumbnail } = await seedListingPhoto(server.dataDir, `listing-${photoCount}`, photoCount++);
  const { rows } = await db.query<{ id: string }>(
    `insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price, photos, thumbnail, approval_status, open_to_trades)
     values ($1, 'keyboards', $2, 'A board for the issue 36 journeys.', 18000, 'pay@example.test', false, true, $4, $5, 'approved', $3)
     returning id`,
    [ids[owner], name, openToTrades, photos, thumbnail],
  );
  await db.query(`insert into item_shipping (item_id, region_code, price_cents) values ($1, 'US', 1500)`, [rows[0]!.id]);
  ids[name] = rows[0]!.id;
}

beforeAll(async () => {
  if (!available) return;
  const DATABASE_URL = await freshDatabase('keeb_e2e_orders_both_sides');
  server = await startServer({ DATABASE_URL, DEMO_DATA: '0' });
  db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await user('gap_admin', { admin: true });
  for (const { width } of WIDTHS) {
    await user(`nowhere_buyer_${width}`);
    await user(`nowhere_seller_${width}`);
    await user(`homeless_trader_${width}`);
    await user(`housed_trader_${width}`, { address: true });
    await user(`early_buyer_${width}`, { address: true });
    await user(`early_seller_${width}`);
    await listing(`nowhere_seller_${width}`, `No Address 65 ${width}`);
    await listing(`homeless_trader_${width}`, `Trade Gap TKL ${width}`, true);
    await listing(`housed_trader_${width}`, `Trade Gap Keycaps ${width}`);
    await listing(`early_seller_${width}`, `Early Receipt 75 ${width}`);
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await server?.stop();
});

const person = (username: string, viewport: typeof DESKTOP) => signedInCookiesAccepted(browser, server.baseUrl, username, viewport);
const mails = async (username: string) => (await readOutbox(path.join(server.dataDir, 'outbox'))).filter((m) => m.to === `${username.replaceAll('_', '-')}@example.test`);

async function fillAddress(scope: Page | ReturnType<Page['getByRole']>) {
  await scope.getByLabel('Full name').fill(HOME.name);
  await scope.getByLabel('Address line 1', { exact: true }).fill(HOME.line1);
  await scope.getByLabel('City').fill(HOME.city);
  await scope.getByLabel('State or region').fill(HOME.region);
  await scope.getByLabel('Postal code').fill(HOME.postalCode);
  await scope.getByLabel('Country').selectOption('US');
}

/** To the stand-in and back with an approved payment; `atStandIn` runs on its page before Pay Now. */
async function buy(page: Page, itemId: string, atStandIn?: (page: Page) => Promise<void>) {
  await page.goto(`${server.baseUrl}/detail/${itemId}`);
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByRole('dialog', { name: 'Purchase' }).getByRole('button', { name: 'Continue to PayPal' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/approve/'));
  await atStandIn?.(page);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const overlay = page.getByRole('dialog');
  await overlay.getByRole('button', { name: 'Complete Purchase' }).click();
  await overlay.getByText('Payment Complete').waitFor({ timeout: 20_000 });
}

const orderOf = async (itemId: string) => (await db.query<{ id: string }>(`select id from orders where item_id = $1`, [itemId])).rows[0]!.id;

describe.runIf(available).each(WIDTHS)('issue 36 ($width)', ({ width, viewport }) => {
  it('an order paid without an address: the stand-in asks for one; an order without one says so to both sides and takes one', { timeout: 180_000 }, async () => {
    const buyer = await person(`nowhere_buyer_${width}`, viewport);
    const itemId = ids[`No Address 65 ${width}`]!;
    await buy(buyer.page, itemId, async (page) => {
      // No saved address and the form left empty: refused, like PayPal, with the reason under the form.
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await page.getByText('Enter the address to ship to.').waitFor();
      await shot(page, `gap-stand-in-needs-address-${width}`, page.getByText('Enter the address to ship to.'));
      await fillAddress(page);
    });
    const orderId = await orderOf(itemId);
    // As PayPal answers for a payer with no address on file: the order has none.
    await db.query(`update orders set ship_to = null where id = $1`, [orderId]);

    const seller = await person(`nowhere_seller_${width}`, viewport);
    await seller.page.goto(`${server.baseUrl}/me/orders/${orderId}`);
    const missing = seller.page.getByTestId('order-ship-to-missing');
    await missing.getByText(/No address to ship to yet/).waitFor();
    // Nothing can be shipped to no address: the API refuses it (no_ship_to) and the page offers no form.
    expect(await seller.page.getByRole('button', { name: 'Mark as shipped' }).count()).toBe(0);
    await shot(seller.page, `gap-seller-no-address-${width}`, missing);

    await buyer.page.goto(`${server.baseUrl}/me/orders/${orderId}`);
    const request = buyer.page.getByTestId('order-ship-to-request');
    await request.getByText(/the seller cannot send this yet/).waitFor();
    if (width === 'desktop') {
      // No saved address: the buyer types one on the order.
      const form = buyer.page.getByRole('form', { name: 'Address to ship to' });
      await fillAddress(form);
      await shot(buyer.page, `gap-buyer-asked-for-address-${width}`, request);
      await form.getByRole('button', { name: 'Send address to the seller' }).click();
    } else {
      // Saved in Settings afterwards: the order offers it, one press.
      await buyer.page.goto(`${server.baseUrl}/settings`);
      await buyer.page.getByRole('button', { name: 'Add Address' }).click();
      await fillAddress(buyer.page);
      await buyer.page.getByRole('button', { name: 'Save Address' }).click();
      await buyer.page.getByText('Saved', { exact: true }).waitFor();
      await buyer.page.goto(`${server.baseUrl}/me/orders/${orderId}`);
      await request.getByTestId('order-saved-address').getByText(HOME.line1).waitFor();
      await shot(buyer.page, `gap-buyer-asked-for-address-${width}`, request);
      await request.getByRole('button', { name: 'Ship it here' }).click();
    }
    await request.waitFor({ state: 'hidden' });
    await buyer.page.getByText('Address to ship to added by the buyer').waitFor();

    await seller.page.reload();
    await expect.poll(() => seller.page.getByTestId('order-ship-to').textContent()).toContain(HOME.line1);
    await shot(seller.page, `gap-seller-address-arrived-${width}`, seller.page.getByTestId('order-ship-to'));
    await expect.poll(async () => (await mails(`nowhere_seller_${width}`)).map((m) => m.subject)).toContain(`Where to ship No Address 65 ${width}`);
    await buyer.context.close();
    await seller.context.close();
  });

  it("accepting a trade while the other side has no address names that side and mails it; the sell form asks for one", { timeout: 180_000 }, async () => {
    const homeless = `homeless_trader_${width}`;
    const housed = `housed_trader_${width}`;
    // The walkthrough's state: the seller (no address) countered the proposal.
    const { rows } = await db.query<{ id: string }>(
      `insert into trades (item_id, seller_id, proposer_id, status, message, seller_acted_at) values ($1, $2, $3, 'countered', 'Add $20?', now()) returning id`,
      [ids[`Trade Gap TKL ${width}`], ids[homeless], ids[housed]],
    );
    await db.query(`insert into trade_items (trade_id, item_id, position) values ($1, $2, 0)`, [rows[0]!.id, ids[`Trade Gap Keycaps ${width}`]]);

    const proposer = await person(housed, viewport);
    await proposer.page.goto(`${server.baseUrl}/me/offers?tab=trades`);
    const panel = proposer.page.getByTestId('trade').filter({ hasText: `Trade Gap TKL ${width}` }).first();
    await panel.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = proposer.page.getByRole('dialog', { name: 'Accept Trade' });
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await dialog.getByText(/The other side has no mailing address yet/).waitFor();
    expect(await dialog.getByText(/Add your mailing address/).count()).toBe(0);
    await shot(proposer.page, `gap-trade-other-no-address-${width}`, dialog);
    await expect.poll(async () => (await mails(homeless)).map((m) => m.subject)).toContain(`Add your mailing address to trade for Trade Gap TKL ${width}`);

    // The seller opening another listing to trades is asked for the address there.
    const seller = await person(homeless, viewport);
    await seller.page.goto(`${server.baseUrl}/sell`);
    await seller.page.getByRole('checkbox', { name: 'Open to trades' }).check();
    const prompt = seller.page.getByTestId('open-to-trades-address');
    await prompt.waitFor();
    await shot(seller.page, `gap-sell-form-asks-address-${width}`, prompt);

    // Once the seller saves one, the acceptance goes through.
    await seller.page.goto(`${server.baseUrl}/settings`);
    await seller.page.getByRole('button', { name: 'Add Address' }).click();
    await fillAddress(seller.page);
    await seller.page.getByRole('button', { name: 'Save Address' }).click();
    await seller.page.getByText('Saved', { exact: true }).waitFor();
    await proposer.page.goto(`${server.baseUrl}/me/offers?tab=trades`);
    await panel.getByRole('button', { name: 'Accept', exact: true }).click();
    await dialog.getByRole('button', { name: 'Accept', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await db.query(`select status from trades where id = $1`, [rows[0]!.id])).rows[0]?.status).toBe('accepted');
    await proposer.context.close();
    await seller.context.close();
  });

  it("receipt waits for shipping; after 'not received' confirming is not the main button; an admin's close tells both sides", { timeout: 180_000 }, async () => {
    const buyer = await person(`early_buyer_${width}`, viewport);
    const itemId = ids[`Early Receipt 75 ${width}`]!;
    await buy(buyer.page, itemId);
    const orderId = await orderOf(itemId);
    await buyer.page.goto(`${server.baseUrl}/me/orders/${orderId}`);
    const before = buyer.page.getByTestId('order-before-shipping');
    await before.getByText(/report a problem from/).waitFor();
    expect(await buyer.page.getByRole('button', { name: 'Confirm received' }).count()).toBe(0);
    await shot(buyer.page, `gap-receipt-before-shipping-${width}`, before);

    // 73 hours pass unshipped: the buyer reports it not received; then the seller ships.
    await db.query(`update orders set paid_at = paid_at - interval '73 hours', ship_by = ship_by - interval '73 hours' where id = $1`, [orderId]);
    await buyer.page.reload();
    await buyer.page.getByRole('button', { name: 'Report a problem' }).click();
    const report = buyer.page.getByRole('dialog', { name: 'Report a problem' });
    await report.getByLabel('Reason').selectOption({ label: 'Not received' });
    await report.getByLabel('Details').fill('Three days and nothing shipped.');
    await report.getByRole('button', { name: 'Report problem' }).click();
    await buyer.page.getByRole('heading', { name: 'Problem reported: Not received' }).waitFor();
    const seller = await person(`early_seller_${width}`, viewport);
    await seller.page.goto(`${server.baseUrl}/me/orders/${orderId}`);
    const sellerNote = seller.page.getByTestId('order-problem-note');
    await sellerNote.getByText(/Message the buyer to sort it out/).waitFor();
    expect(await seller.page.getByRole('link', { name: /Resolution Center/ }).count()).toBe(0);
    await shot(seller.page, `gap-problem-seller-words-${width}`, sellerNote);
    await seller.page.getByRole('button', { name: 'Mark as shipped' }).click();
    await seller.page.getByRole('button', { name: 'Mark as shipped' }).waitFor({ state: 'hidden' });

    await buyer.page.reload();
    const actions = buyer.page.getByRole('region', { name: 'Your actions' });
    await actions.getByRole('button', { name: 'Confirm received' }).waitFor();
    expect(await actions.getByRole('button').allTextContents()).toEqual(['Rate the seller', 'Mark resolved', 'Confirm received']);
    await shot(buyer.page, `gap-not-received-actions-${width}`, actions);

    // An admin closes it: both sides are mailed, and each page says what happened.
    const admin = await person('gap_admin', viewport);
    await admin.page.goto(`${server.baseUrl}/me/orders/${orderId}`);
    await admin.page.getByRole('button', { name: 'Close problem' }).click();
    await admin.page.getByRole('dialog', { name: 'Close problem' }).getByRole('button', { name: 'Close problem' }).click();
    await admin.page.getByTestId('order-problem').getByText(/^Closed by an admin/).waitFor();
    for (const side of [buyer, seller]) {
      await side.page.reload();
      await side.page.getByTestId('order-problem').getByText(/^Closed by an admin/).waitFor();
    }
    const buyerNote = buyer.page.getByTestId('order-problem-note');
    await buyerNote.getByText('The order is back to Shipped: confirm it once the item is with you, or report a problem again.').waitFor();
    await buyerNote.getByRole('link', { name: /Resolution Center/ }).waitFor();
    await shot(buyer.page, `gap-problem-closed-buyer-${width}`, buyer.page.getByTestId('order-problem'));
    await seller.page.getByTestId('order-problem-note').getByText(/waiting for the buyer to confirm it/).waitFor();
    await shot(seller.page, `gap-problem-closed-seller-${width}`, seller.page.getByTestId('order-problem'));
    for (const username of [`early_buyer_${width}`, `early_seller_${width}`]) {
      await expect.poll(async () => (await mails(username)).map((m) => m.subject)).toContain(`The problem with Early Receipt 75 ${width} was closed`);
    }
    await buyer.context.close();
    await seller.context.close();
    await admin.context.close();
  });
});
