import pg from 'pg';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specTags, type ItemSpecs } from '@keeb/shared';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords';
import { freshDatabase, postgresAvailable } from './own-database';
import { DESKTOP, journeyShot as shot, launchBrowser, PHONE } from './browser';
import { startServer, type RunningServer } from './server';
import { signedInCookiesAccepted } from './session';

/**
 * Issue 29's journeys. Desktop: a seller lists a 65% hot-swap board with its specs through the sell form and an
 * admin approves it; a buyer filters the keyboards by 65% and hot-swap, sees the counts change, finds the board and
 * saves it; the seller lowers the price and the buyer's Saved tab says so; the seller offers the board to its savers
 * and the buyer takes the offer and pays it through the local payment stand-in. Phone: the filters with their
 * counts. The journeys run their own server on a database of their own (as the trades journeys do), so the listings
 * and their counts are exactly these.
 */
const available = await postgresAvailable('specs journeys');

let browser: Browser;
let server: RunningServer;
let db: pg.Client;
const BOARD = 'Spec Journey Tofu65';
let boardId = '';

/** Other keyboards already on sale, so the counts have something to count: one 65% solder, two hot-swap of other sizes. */
const OTHER_BOARDS: Array<[name: string, specs: ItemSpecs]> = [
  ['Spec Journey Solder 65', { size: '65%', mounting: 'solder', layout: 'ansi', condition: 'used' }],
  ['Spec Journey Hotswap 75', { size: '75%', mounting: 'hot-swap', layout: 'iso', condition: 'used' }],
  ['Spec Journey Hotswap TKL', { size: 'tkl', mounting: 'hot-swap', layout: 'ansi', condition: 'new-in-box' }],
];

beforeAll(async () => {
  if (!available) return;
  const DATABASE_URL = await freshDatabase('keeb_e2e_specs');
  server = await startServer({ DATABASE_URL, DEMO_DATA: '0' });
  db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const passwordHash = await hashPassword('demo-password');
  const ids: Record<string, string> = {};
  const people: Array<[username: string, admin: boolean]> = [
    ['spec_seller', false],
    ['spec_buyer', false],
    ['spec_admin', true],
    ['phone_shopper', false],
  ];
  for (const [index, [username, admin]] of people.entries()) {
    const { rows } = await db.query<{ id: string }>(
      `insert into users (username, email, password_hash, shipping_region_code, email_confirmed_at, is_admin, phone, phone_verified_at, mailing_address)
       values ($1, $2, $3, 'US', now(), $4, $5, now(), $6) returning id`,
      [
        username,
        `${username.replace('_', '-')}@example.test`,
        passwordHash,
        admin,
        `+1650253000${index}`,
        JSON.stringify({ name: username, line1: '5 Plate Road', line2: '', city: 'Denver', region: 'CO', postalCode: '80202', country: 'US' }),
      ],
    );
    ids[username] = rows[0]!.id;
  }
  for (const [name, specs] of OTHER_BOARDS) {
    const item = await db.query<{ id: string }>(
      `insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price, photos, thumbnail, approval_status, specs, spec_tags)
       values ($1, 'keyboards', $2, 'A board for the specs journeys.', 15000, 'other-pay@example.test', true, true, '{/uploads/none.jpg}', '/uploads/none.jpg', 'approved', $3, $4)
       returning id`,
      [ids.spec_admin, name, JSON.stringify(specs), specTags(specs)],
    );
    await db.query(`insert into item_shipping (item_id, region_code, price_cents) values ($1, 'US', 1500)`, [item.rows[0]!.id]);
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await server?.stop();
});

const person = (username: string, viewport: typeof DESKTOP) => signedInCookiesAccepted(browser, server.baseUrl, username, viewport);

/** A value's box in a spec group of the filters modal, e.g. ('Size', '65%'): its name is the label and the count. */
const specBox = (dialog: Locator, group: string, value: string) =>
  dialog.getByRole('group', { name: group }).getByRole('checkbox', { name: new RegExp(`^${value.replace(/[%]/g, '\\$&')} `) });

/** The count shown beside a value (its label text minus the value). */
async function countOf(dialog: Locator, group: string, value: string): Promise<string> {
  const label = dialog.getByRole('group', { name: group }).locator('label').filter({ has: dialog.page().locator(`input[value="${value}"]`) });
  const text = (await label.textContent()) ?? '';
  return text.trim().split(/\s+/).pop() ?? '';
}

/** Opens the feed's Filters and picks Keyboards, so the keyboard specs show with their counts. */
async function keyboardFilters(page: Page): Promise<Locator> {
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByLabel('Keyboards', { exact: true }).check();
  await dialog.getByRole('group', { name: 'Size' }).waitFor();
  return dialog;
}

describe.skipIf(!available)('specs, filters with counts and the seller tools', () => {
  it('a seller lists a 65% hot-swap board with its specs and an admin approves it', { timeout: 120_000 }, async () => {
    const seller = await person('spec_seller', DESKTOP);
    const page = seller.page;
    await page.goto(`${server.baseUrl}/sell`);
    await page.getByLabel('Category').selectOption('keyboards');
    await page.getByLabel('Name').fill(BOARD);
    await page.getByLabel('Description').fill('Gasket-mounted 65% with a brass plate. Lubed stabilizers.');
    await page.getByLabel('Price (USD)').fill('200');
    await page.getByLabel('Payment email').fill('spec-seller-pay@example.test');
    await page.getByText('Buy It Now', { exact: true }).click();
    await page.getByText('Accept Offers', { exact: true }).click();
    await page.getByText('United States', { exact: true }).click();
    await page.getByLabel('Shipping price to United States').fill('15');
    await page.getByLabel('Size').selectOption('65%');
    await page.getByLabel('Layout').selectOption('ansi');
    await page.getByLabel('Switch mounting').selectOption('hot-swap');
    await page.getByLabel('Mount style').selectOption('gasket');
    await page.getByLabel('Plate material').selectOption('brass');
    await page.getByLabel('Condition').selectOption('used-like-new');
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8fb4d9' } }).jpeg().toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'board.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('list', { name: 'Listing photos' }).locator('img').first().waitFor();
    await shot(page, 'specs-sell-form-desktop', page.getByLabel('Switch mounting'));
    await page.getByRole('button', { name: 'List Item' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/detail/'));
    boardId = new URL(page.url()).pathname.split('/').pop()!;
    await seller.context.close();

    const admin = await person('spec_admin', DESKTOP);
    await admin.page.goto(`${server.baseUrl}/approvals`);
    const row = admin.page.getByRole('listitem', { name: BOARD });
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });
    await admin.context.close();

    const stored = await db.query<{ spec_tags: string[] }>(`select spec_tags from items where id = $1`, [boardId]);
    expect(stored.rows[0]!.spec_tags).toEqual(expect.arrayContaining(['size:65%', 'mounting:hot-swap', 'layout:ansi', 'condition:used-like-new']));
  });

  it('a buyer filters by 65% and hot-swap, sees the counts change, finds the board and saves it', { timeout: 120_000 }, async () => {
    const buyer = await person('spec_buyer', DESKTOP);
    const page = buyer.page;
    const dialog = await keyboardFilters(page);
    // Before any spec: two 65% boards (this one and the solder one), three hot-swap boards.
    await expect.poll(() => countOf(dialog, 'Size', '65%')).toBe('2');
    await expect.poll(() => countOf(dialog, 'Switch mounting', 'hot-swap')).toBe('3');
    await specBox(dialog, 'Size', '65%').check();
    // Among the 65% boards, one is hot-swap and one solder; the sizes' own counts stay (a key's own choice is left out).
    await expect.poll(() => countOf(dialog, 'Switch mounting', 'hot-swap')).toBe('1');
    await expect.poll(() => countOf(dialog, 'Switch mounting', 'solder')).toBe('1');
    expect(await countOf(dialog, 'Size', 'tkl')).toBe('1');
    await specBox(dialog, 'Switch mounting', 'Hot-swap').check();
    // Nothing 65% and hot-swap is ISO: that value is dimmed and cannot be ticked.
    await expect.poll(() => countOf(dialog, 'Layout', 'iso')).toBe('0');
    expect(await specBox(dialog, 'Layout', 'ISO').isDisabled()).toBe(true);
    await shot(page, 'specs-filters-desktop', dialog.getByRole('group', { name: 'Switch mounting' }));
    await dialog.getByRole('button', { name: 'Show Items' }).click();
    const cards = page.locator('main a[href^="/detail/"]');
    await cards.filter({ hasText: BOARD }).first().waitFor();
    await expect.poll(() => cards.filter({ hasText: 'Spec Journey' }).count()).toBe(1);
    await shot(page, 'specs-filtered-feed-desktop');

    await cards.filter({ hasText: BOARD }).first().click();
    await page.getByRole('heading', { name: BOARD }).waitFor();
    const specs = page.getByRole('region', { name: 'Specs' });
    await specs.getByText('Hot-swap').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await db.query(`select 1 from item_saves where item_id = $1`, [boardId])).rowCount).toBe(1);
    await shot(page, 'specs-item-page-desktop', specs);
    await buyer.context.close();
  });

  it('the seller lowers the price and the saver\'s Saved tab shows the drop', { timeout: 120_000 }, async () => {
    const seller = await person('spec_seller', DESKTOP);
    await seller.page.goto(`${server.baseUrl}/edit-item/${boardId}`);
    const price = seller.page.getByLabel('Price (USD)');
    await expect.poll(() => price.inputValue()).toBe('200');
    // The specs come back into the edit form as they were saved.
    expect(await seller.page.getByLabel('Switch mounting').inputValue()).toBe('hot-swap');
    await price.fill('180');
    await seller.page.getByRole('button', { name: /^(Save|Update)/ }).first().click();
    await seller.page.waitForURL((url) => url.pathname === `/detail/${boardId}`);
    await seller.context.close();

    const buyer = await person('spec_buyer', DESKTOP);
    await buyer.page.goto(`${server.baseUrl}/me/vault`);
    const notice = buyer.page.getByText('Price dropped from $200 to $180');
    await notice.waitFor();
    await shot(buyer.page, 'specs-saved-price-drop-desktop', notice);
    await buyer.context.close();
  });

  it('the seller offers the board to its savers and the saver takes it and pays', { timeout: 150_000 }, async () => {
    const seller = await person('spec_seller', DESKTOP);
    await seller.page.goto(`${server.baseUrl}/detail/${boardId}`);
    await seller.page.getByRole('button', { name: 'Offer to savers' }).click();
    const modal = seller.page.getByRole('dialog', { name: 'Offer to savers' });
    await modal.getByLabel('Your price (USD)').fill('170');
    await shot(seller.page, 'specs-offer-to-savers-desktop', modal);
    await modal.getByRole('button', { name: 'Send offer' }).click();
    await seller.page.getByText('Offer sent to 1 saver.').waitFor();
    await seller.context.close();

    const buyer = await person('spec_buyer', DESKTOP);
    const page = buyer.page;
    await page.goto(`${server.baseUrl}/me/vault`);
    const offers = page.getByRole('region', { name: 'Offers for you' });
    await offers.getByText(BOARD).waitFor();
    await shot(page, 'specs-saver-offer-desktop', offers);
    await offers.getByRole('button', { name: /^Take it/ }).click();
    // Taking it makes it the saver's accepted offer: they pay it on the item page as any accepted offer, through the
    // payment stand-in.
    await page.waitForURL((url) => url.pathname === `/detail/${boardId}`);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const payDialog = page.getByRole('dialog', { name: 'Pay Now' });
    await payDialog.getByRole('button', { name: 'Continue to PayPal' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/approve/'));
    await page.getByRole('button', { name: 'Pay Now' }).click();
    // Back from the provider: confirm, and the purchase completes at the offer's price.
    await page.waitForURL((url) => url.pathname === `/detail/${boardId}` && url.searchParams.has('PayerID'));
    const overlay = page.getByRole('dialog');
    await overlay.getByRole('button', { name: 'Complete Purchase' }).click();
    await overlay.getByText('Payment Complete').waitFor({ timeout: 20_000 });
    await shot(page, 'specs-saver-offer-paid-desktop');
    const sold = await db.query<{ price_sold_cents: number }>(`select price_sold_cents from items where id = $1 and purchaser_id is not null`, [boardId]);
    expect(sold.rows[0]?.price_sold_cents).toBe(17000);
    await buyer.context.close();
  });
});

describe.skipIf(!available)('on a phone', () => {
  it('the filters show each keyboard spec with its count', { timeout: 90_000 }, async () => {
    const shopper = await person('phone_shopper', PHONE);
    const page = shopper.page;
    const dialog = await keyboardFilters(page);
    await expect.poll(() => countOf(dialog, 'Switch mounting', 'hot-swap')).toMatch(/^\d+$/);
    await shot(page, 'specs-filters-phone', dialog.getByRole('group', { name: 'Size' }));
    await specBox(dialog, 'Switch mounting', 'Solder').check();
    await expect.poll(() => countOf(dialog, 'Size', '75%')).toBe('0');
    await shot(page, 'specs-filters-counts-phone', dialog.getByRole('group', { name: 'Size' }));
    await dialog.getByRole('button', { name: 'Show Items' }).click();
    await page.locator('main a[href^="/detail/"]', { hasText: 'Spec Journey Solder 65' }).first().waitFor();
    await shot(page, 'specs-filtered-feed-phone');
    await shopper.context.close();
  });
});
