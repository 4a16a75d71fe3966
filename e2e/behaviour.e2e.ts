import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { latestSmsCode } from '../apps/api/src/test/sms-outbox';
import { DESKTOP, PHONE, screenshotPath } from './browser';
import { useBrowser } from './journey-browser';
import { signedIn as signedInAs } from './session';

/**
 * The review's behaviour defects as a person meets them in a browser(), with a screenshot of each changed screen
 * at both widths: a listing with an empty shipping price, its marker on /me, its rejection as visitors see it,
 * an admin page opened by a non-admin, the filters count, and the vendor product page.
 */
const baseUrl = inject('baseUrl');
const outbox = path.join(inject('dataDir'), 'outbox');
const ITEM_NAME = 'Behaviour Journey Bakeneko60 - Pale Blue';
const browser = useBrowser();
let itemPath = '';


const signedIn = (username: string, viewport = DESKTOP) => signedInAs(browser(), baseUrl, username, viewport);

/** The same screen at phone and desktop widths, without the cookie banner over it. */
async function bothWidths(page: Page, name: string, fullPage = false) {
  const accept = page.getByRole('button', { name: 'Accept', exact: true });
  if (await accept.isVisible()) await accept.click();
  for (const [width, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await page.screenshot({ path: screenshotPath(`${name}-${width}`), fullPage });
  }
}

describe('a listing from an empty shipping price to its rejection', () => {
  it('an empty shipping price lists as free shipping after the confirmation', async () => {
    const { context, page } = await signedIn('demo_thock');
    await page.goto(`${baseUrl}/sell`);
    await page.getByLabel('Category').selectOption('keyboards');
    await page.getByLabel('Name').fill(ITEM_NAME);
    await page.getByLabel('Description').fill('Bakeneko60 with a pale blue case.');
    await page.getByLabel('Price (USD)').fill('210');
    await page.getByLabel('Payment email').fill('thock-pay@example.com');
    await page.getByText('Accept Offers', { exact: true }).click();
    await page.getByText('United States', { exact: true }).click();
    // The box shows '$ 0' and is left empty.
    expect(await page.getByLabel('Shipping price to United States').getAttribute('placeholder')).toBe('0');
    const photo = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#a9c7e8' } }).jpeg().toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'board.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('list', { name: 'Listing photos' }).locator('img').first().waitFor();
    await page.getByRole('button', { name: 'List Item' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm Shipping Prices' });
    await confirm.waitFor();
    expect(await page.getByText('Shipping prices must be numbers').isVisible()).toBe(false);
    await confirm.getByRole('button', { name: 'List Item' }).click();

    await page.getByRole('dialog', { name: 'Verify Your Phone' }).waitFor();
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Phone number').fill('6502530177');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByLabel('Verification code').waitFor();
    await page.getByLabel('Verification code').fill(await latestSmsCode(outbox, '+16502530177'));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/detail/'));
    itemPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: ITEM_NAME }).waitFor();
    const shipping = page.getByRole('region', { name: 'Shipping' });
    // A shipping price of 0 reads 'Free' (issue 25).
    await expect.poll(() => shipping.getByText('Free', { exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  it("/me Listed marks the pending listing, then the rejected one", async () => {
    const { context, page } = await signedIn('demo_thock');
    await page.goto(`${baseUrl}/me`);
    const card = page.locator('article', { hasText: ITEM_NAME });
    await card.waitFor();
    await expect.poll(() => card.getByText('Awaiting approval').isVisible()).toBe(true);
    await bothWidths(page, 'me-listed-pending');

    const admin = await signedIn('demo_tofu');
    await admin.page.goto(`${baseUrl}/approvals`);
    const row = admin.page.getByRole('listitem', { name: ITEM_NAME });
    await row.waitFor();
    await row.getByRole('button', { name: 'Reject' }).click();
    await row.waitFor({ state: 'detached' });
    await admin.context.close();

    await page.reload();
    const rejected = page.locator('article', { hasText: ITEM_NAME });
    await rejected.waitFor();
    await expect.poll(() => rejected.getByText('Not approved').isVisible()).toBe(true);
    await bothWidths(page, 'me-listed-rejected');
    await context.close();
  });

  it('a visitor opening the rejected listing is told it is not for sale, not that it awaits approval', async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${itemPath}`);
    await page.getByRole('heading', { name: ITEM_NAME }).waitFor();
    await expect.poll(() => page.getByText('This listing is not for sale.').isVisible()).toBe(true);
    expect(await page.getByText(/awaiting approval/i).count()).toBe(0);
    await bothWidths(page, 'item-rejected-visitor');
    await context.close();
  });
});

describe('admin pages and a non-admin', () => {
  it('sends a signed-in non-admin from /approvals to /login with returnUrl, and says why', async () => {
    const { context, page } = await signedIn('demo_cherry', PHONE);
    await page.goto(`${baseUrl}/approvals`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/approvals');
    await expect.poll(() => page.getByText(/logged in as demo_cherry, which is not an admin account/).isVisible()).toBe(true);
    await bothWidths(page, 'approvals-non-admin-login');

    // Logging in there as an admin leads back to the page.
    await page.getByLabel('Username or email').fill('demo_tofu');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/approvals');
    await page.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    await context.close();
  });
});

describe('filters and vendor products', () => {
  it('the filters modal counts the filters while they are ticked', async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.locator('main a[href^="/detail/"]').first().waitFor();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('checkbox', { name: 'Keycaps' }).check();
    await dialog.getByRole('checkbox', { name: 'United States' }).check();
    await expect.poll(() => dialog.getByRole('status').innerText()).toContain('2 filters enabled');
    await bothWidths(page, 'filters-count');
    await context.close();
  });

  it("/vendor/product/{id} is titled 'Product Details'; another listing's id goes to /detail/{id}", async () => {
    const context = await browser().newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/vendor/products`);
    const vendorCard = page.locator('main a[href^="/detail/"]', { hasText: 'GMK Olive - Base Kit (sealed)' }).first();
    await vendorCard.waitFor();
    const vendorId = (await vendorCard.getAttribute('href'))!.split('/').at(-1)!;
    await page.goto(`${baseUrl}/vendor/product/${vendorId}`);
    await page.getByRole('heading', { level: 1, name: 'GMK Olive - Base Kit (sealed)' }).waitFor();
    await expect.poll(() => page.title()).toBe('Product Details');
    await bothWidths(page, 'vendor-product');

    await page.goto(`${baseUrl}/vendor/product/${itemPath.split('/').at(-1)}`);
    await page.waitForURL((url) => url.pathname === itemPath);
    await page.getByRole('heading', { name: ITEM_NAME }).waitFor();
    await context.close();
  });
});
