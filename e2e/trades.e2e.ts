import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../apps/api/src/modules/accounts/passwords';
import { freshDatabase, postgresAvailable } from './own-database';
import { DESKTOP, journeyShot as shot, launchBrowser, PHONE } from './browser';
import { startServer, type RunningServer } from './server';
import { signedInCookiesAccepted } from './session';

/**
 * Issue 28's journeys: two users trade a board for keycaps plus $40 (proposed on the item page, accepted in the
 * Trades tab, the $40 paid through the local payment stand-in, each side ships what they gave and confirms what they
 * received), and both profiles count one more confirmed trade (desktop); on a phone, the seller answers a proposal
 * with a counter-proposal and the proposer sees it. The journeys run their own server on a database of their own on
 * the PostgreSQL server (CI always has one; elsewhere they are skipped with a line when none answers), so the people
 * and listings are exactly these.
 */
const available = await postgresAvailable('trades journeys');

let browser: Browser;
let server: RunningServer;
let db: pg.Client;
const itemIds: Record<string, string> = {};

const ADDRESSES = {
  trade_seller: { name: 'Kim Seller', line1: '5 Plate Road', line2: '', city: 'Denver', region: 'CO', postalCode: '80202', country: 'US' },
  trade_buyer: { name: 'Lee Trader', line1: '8 Stabilizer Way', line2: '', city: 'Seattle', region: 'WA', postalCode: '98101', country: 'US' },
  phone_trader: { name: 'Max Phone', line1: '2 Spring Lane', line2: '', city: 'Boston', region: 'MA', postalCode: '02108', country: 'US' },
} as const;

beforeAll(async () => {
  if (!available) return;
  const DATABASE_URL = await freshDatabase('keeb_e2e_trades');
  server = await startServer({ DATABASE_URL, DEMO_DATA: '0' });
  db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const passwordHash = await hashPassword('demo-password');
  const ids: Record<string, string> = {};
  for (const [username, address] of Object.entries(ADDRESSES)) {
    const { rows } = await db.query<{ id: string }>(
      `insert into users (username, email, password_hash, shipping_region_code, email_confirmed_at, mailing_address)
       values ($1, $2, $3, 'US', now(), $4) returning id`,
      [username, `${username.replace('_', '-')}@example.test`, passwordHash, JSON.stringify(address)],
    );
    ids[username] = rows[0]!.id;
  }
  const listings: Array<[owner: string, name: string, cents: number, openToTrades: boolean, lookingFor: string, category: string]> = [
    ['trade_seller', 'Trade Journey Tofu65', 20000, true, 'GMK keycaps, cash either way', 'keyboards'],
    ['trade_buyer', 'Trade Journey GMK Olivia', 16000, false, '', 'keycaps'],
    ['trade_seller', 'Phone Trade TKL', 15000, true, 'Linear switches', 'keyboards'],
    ['phone_trader', 'Phone Trade Lubed Linears', 9000, false, '', 'parts'],
  ];
  for (const [owner, name, cents, openToTrades, lookingFor, category] of listings) {
    const item = await db.query<{ id: string }>(
      `insert into items (seller_id, category_id, name, description, price_cents, payment_email, offers_accepted, is_fixed_price, photos, thumbnail, approval_status, open_to_trades, looking_for)
       values ($1, $2, $3, 'A listing for the trades journeys.', $4, $5, true, true, '{/uploads/none.jpg}', '/uploads/none.jpg', 'approved', $6, $7)
       returning id`,
      [ids[owner], category, name, cents, `${owner.replace('_', '-')}-pay@example.test`, openToTrades, lookingFor],
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

/** Proposes a trade on `itemName` from its item page: `offered` picked, the cash set, a message. */
async function propose(page: Page, itemName: string, offered: string[], cash: { choice: 'I add cash' | 'I ask for cash' | 'No cash'; amount?: string }, message: string, screenshot?: string) {
  await page.goto(`${server.baseUrl}/detail/${itemIds[itemName]}`);
  await page.getByRole('button', { name: 'Propose a trade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose a Trade' });
  for (const name of offered) await dialog.getByRole('checkbox', { name: new RegExp(name) }).check();
  await dialog.getByRole('radio', { name: cash.choice }).check();
  if (cash.amount) await dialog.getByLabel('Amount (USD)').fill(cash.amount);
  await dialog.getByLabel('Message').fill(message);
  if (screenshot) await shot(page, screenshot);
  await dialog.getByRole('button', { name: 'Send trade proposal' }).click();
  await page.getByText('Your trade proposal was sent.').waitFor();
}

/** The Trades tab's panel of the trade about `itemName`. */
async function tradePanel(page: Page, itemName: string): Promise<Locator> {
  await page.goto(`${server.baseUrl}/me/offers?tab=trades`);
  const panel = page.getByTestId('trade').filter({ hasText: itemName }).first();
  await panel.waitFor();
  return panel;
}

/** Presses `button` on the trade's panel and confirms it in its dialog (`confirm`: the dialog's button). */
async function act(page: Page, panel: Locator, button: string, dialogTitle: string, confirm: string) {
  await panel.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog', { name: dialogTitle }).getByRole('button', { name: confirm, exact: true }).click();
}

async function confirmedTrades(page: Page, username: string): Promise<string> {
  await page.goto(`${server.baseUrl}/u/${username}`);
  const panel = page.getByRole('list', { name: 'Trust' }).first();
  return (await panel.getByText(/confirmed trades?$/).first().textContent()) ?? '';
}

/** The trade's two orders: `toSeller` carries the proposer's listings, `toProposer` the seller's. */
async function ordersOf(itemName: string): Promise<{ toSeller: string; toProposer: string }> {
  const { rows } = await db.query<{ id: string; item_id: string; item: string }>(
    `select o.id, o.item_id, t.item_id as item from orders o join trades t on t.id = o.trade_id where t.item_id = $1`,
    [itemIds[itemName]],
  );
  expect(rows).toHaveLength(2);
  return { toProposer: rows.find((r) => r.item_id === r.item)!.id, toSeller: rows.find((r) => r.item_id !== r.item)!.id };
}

async function ship(page: Page, orderId: string, trackingNumber: string) {
  await page.goto(`${server.baseUrl}/me/orders/${orderId}`);
  await page.getByLabel('Tracking number (optional)').fill(trackingNumber);
  await page.getByRole('button', { name: 'Mark as shipped' }).click();
  await page.getByTestId('order-page').and(page.locator('[data-status="shipped"]')).waitFor();
}

async function confirmReceived(page: Page, orderId: string) {
  await page.goto(`${server.baseUrl}/me/orders/${orderId}`);
  await page.getByRole('button', { name: 'Confirm received' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm received' }).click();
  await page.getByTestId('order-page').and(page.locator('[data-status="received"]')).waitFor();
}

describe.runIf(available)('trades', () => {
  it('a board for keycaps plus $40: proposed, accepted, paid, shipped both ways, confirmed; one more confirmed trade each (desktop)', { timeout: 240_000 }, async () => {
    const buyer = await person('trade_buyer', DESKTOP);
    const seller = await person('trade_seller', DESKTOP);
    expect(await confirmedTrades(buyer.page, 'trade_seller')).toBe('0 confirmed trades');
    expect(await confirmedTrades(buyer.page, 'trade_buyer')).toBe('0 confirmed trades');

    // The buyer finds the board open to trades and proposes their keycaps plus $40.
    await buyer.page.goto(`${server.baseUrl}/detail/${itemIds['Trade Journey Tofu65']}`);
    await buyer.page.getByText('Looking for: GMK keycaps, cash either way').waitFor();
    await propose(buyer.page, 'Trade Journey Tofu65', ['Trade Journey GMK Olivia'], { choice: 'I add cash', amount: '40' }, 'My Olivia plus $40 for your Tofu65?', 'trade-propose-desktop');

    // The seller accepts it in the Trades tab: both listings are held, and the buyer owes the $40.
    const received = await tradePanel(seller.page, 'Trade Journey Tofu65');
    await received.getByText('My Olivia plus $40 for your Tofu65?').waitFor();
    await shot(seller.page, 'trade-received-desktop');
    await act(seller.page, received, 'Accept', 'Accept Trade', 'Accept');
    await received.getByTestId('trade-status').filter({ hasText: 'Accepted: waiting for trade_buyer to pay' }).waitFor();
    const held = await db.query<{ n: number }>(`select count(*)::int as n from items where trade_id is not null and id = any($1::uuid[])`, [[itemIds['Trade Journey Tofu65'], itemIds['Trade Journey GMK Olivia']]]);
    expect(held.rows[0]?.n).toBe(2);

    // The buyer pays the $40 through the payment stand-in and comes back to the Trades tab.
    const sent = await tradePanel(buyer.page, 'Trade Journey Tofu65');
    await act(buyer.page, sent, 'Pay', 'Pay', 'Continue to PayPal');
    await buyer.page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/approve/'));
    await buyer.page.getByRole('button', { name: 'Pay Now' }).click();
    await buyer.page.waitForURL((url) => url.pathname === '/me/offers');
    const paid = buyer.page.getByTestId('trade').filter({ hasText: 'Trade Journey Tofu65' }).first();
    await paid.getByTestId('trade-status').filter({ hasText: 'Accepted: each of you ships what you gave' }).waitFor({ timeout: 30_000 });
    await shot(buyer.page, 'trade-paid-desktop');
    const orders = await ordersOf('Trade Journey Tofu65');

    // Each ships what they gave; each order page shows both parcels.
    await ship(seller.page, orders.toProposer, '1Z999AA10123456784');
    await ship(buyer.page, orders.toSeller, '9400111899223197428490');
    await buyer.page.goto(`${server.baseUrl}/me/orders/${orders.toProposer}`);
    await buyer.page.getByRole('heading', { name: 'This parcel' }).waitFor();
    await buyer.page.getByRole('heading', { name: 'The other parcel' }).waitFor();
    await shot(buyer.page, 'trade-order-both-parcels-desktop');

    // Each confirms what they received: the trade is complete, both listings traded.
    await confirmReceived(buyer.page, orders.toProposer);
    await confirmReceived(seller.page, orders.toSeller);
    const done = await tradePanel(seller.page, 'Trade Journey Tofu65');
    // A finished trade's panel starts folded, as a finished offer's does.
    await done.locator('summary').click();
    await done.getByTestId('trade-status').filter({ hasText: 'Completed: both parcels received' }).waitFor();
    await shot(seller.page, 'trade-completed-desktop');
    const traded = await db.query<{ n: number }>(`select count(*)::int as n from items where traded_at is not null and id = any($1::uuid[])`, [[itemIds['Trade Journey Tofu65'], itemIds['Trade Journey GMK Olivia']]]);
    expect(traded.rows[0]?.n).toBe(2);

    // The same order on a phone: both parcels, one under the other.
    const phone = await person('trade_buyer', PHONE);
    await phone.page.goto(`${server.baseUrl}/me/orders/${orders.toProposer}`);
    const other = phone.page.getByRole('heading', { name: 'The other parcel' });
    await other.waitFor();
    await shot(phone.page, 'trade-order-both-parcels-phone', other);
    await phone.context.close();

    // One more confirmed trade for both.
    expect(await confirmedTrades(buyer.page, 'trade_seller')).toBe('1 confirmed trade');
    expect(await confirmedTrades(buyer.page, 'trade_buyer')).toBe('1 confirmed trade');
    await buyer.context.close();
    await seller.context.close();
  });

  it('on a phone: the seller answers a proposal with a counter-proposal asking for cash, and the proposer sees it', { timeout: 180_000 }, async () => {
    const proposer = await person('phone_trader', PHONE);
    await propose(proposer.page, 'Phone Trade TKL', ['Phone Trade Lubed Linears'], { choice: 'No cash' }, 'Straight swap?', 'trade-propose-phone');

    const seller = await person('trade_seller', PHONE);
    const received = await tradePanel(seller.page, 'Phone Trade TKL');
    await received.getByRole('button', { name: 'Counter', exact: true }).click();
    const counter = seller.page.getByRole('dialog', { name: 'Counter Trade' });
    await counter.getByRole('radio', { name: 'I ask for cash' }).check();
    await counter.getByLabel('Amount (USD)').fill('25');
    await counter.getByLabel('Message').fill('The TKL is worth a bit more: plus $25?');
    await shot(seller.page, 'trade-counter-phone');
    await counter.getByRole('button', { name: 'Send counter' }).click();
    await counter.waitFor({ state: 'hidden' });
    await received.getByTestId('trade-status').filter({ hasText: 'You countered: waiting for phone_trader' }).waitFor();

    const sent = await tradePanel(proposer.page, 'Phone Trade TKL');
    await sent.getByTestId('trade-status').filter({ hasText: 'trade_seller countered: your answer' }).waitFor();
    await sent.getByText('The TKL is worth a bit more: plus $25?').waitFor();
    await sent.getByTestId('trade-cash').filter({ hasText: '$25' }).waitFor();
    await shot(proposer.page, 'trade-countered-phone', sent.getByTestId('trade-status'));
    await proposer.context.close();
    await seller.context.close();
  });
});
