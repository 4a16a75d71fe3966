import path from 'node:path';
import sharp from 'sharp';

import { describe, expect, inject, it } from 'vitest';
import { latestSmsCode } from '../apps/api/src/test/sms-outbox';
import { DESKTOP, PHONE, screenshotPath } from './browser';
import { useBrowser } from './journey-browser';
import { signedIn as signedInAs } from './session';

const baseUrl = inject('baseUrl');
const outbox = path.join(inject('dataDir'), 'outbox');
const ITEM_NAME = 'Journey Tofu60 - Lavender, Hot-swap';
const browser = useBrowser();
let itemUrl = '';


const signedIn = (username: string, viewport = DESKTOP) => signedInAs(browser(), baseUrl, username, viewport);

describe('a listing from the sell form to a buyer comment', () => {
  it('a confirmed seller lists an item with an uploaded photo (verifying a phone on the way) and sees the pending banner', async () => {
    const { context, page } = await signedIn('demo_lubed');
    await page.goto(`${baseUrl}/sell`);
    await page.getByLabel('Category').selectOption('keyboards');
    await page.getByLabel('Name').fill(ITEM_NAME);
    await page.getByLabel('Description').fill('Built with lubed Gateron Yellows.\nShips in the original box.');
    await page.getByLabel('Price (USD)').fill('145');
    await page.getByLabel('Payment email').fill('lubed-pay@example.com');
    await page.getByText('Buy It Now', { exact: true }).click();
    await page.getByText('Accept Offers', { exact: true }).click();
    await page.getByText('Canada', { exact: true }).click();
    await page.getByLabel('Shipping price to Canada').fill('15');
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b9a6e8' } }).jpeg().toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'board.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('list', { name: 'Listing photos' }).locator('img').first().waitFor();
    await page.screenshot({ path: screenshotPath('sell-desktop'), fullPage: true });
    await page.getByRole('button', { name: 'List Item' }).click();

    // PHONE_VERIFICATION=listing: the server asks for a verified phone before the first listing.
    await page.getByRole('dialog', { name: 'Verify Your Phone' }).waitFor();
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Phone number').fill('6502530000');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.getByLabel('Verification code').waitFor();
    await page.getByLabel('Verification code').fill(await latestSmsCode(outbox, '+16502530000'));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/detail/'));
    itemUrl = page.url();
    await expect.poll(() => page.getByText('allow up to 24 hours to be reviewed', { exact: false }).isVisible()).toBe(true);
    await expect.poll(() => page.title()).toBe(ITEM_NAME);
    await page.screenshot({ path: screenshotPath('item-pending-desktop') });
    await context.close();
  });

  it('an admin approves it in /approvals', async () => {
    const { context, page } = await signedIn('demo_tofu');
    await page.goto(`${baseUrl}/approvals`);
    const row = page.getByRole('listitem', { name: ITEM_NAME });
    await row.waitFor();
    await page.screenshot({ path: screenshotPath('approvals-desktop') });
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  it('another user finds it in the feed, opens it, saves it and comments (on a phone)', async () => {
    const { context, page } = await signedIn('demo_cherry', PHONE);
    await page.goto(`${baseUrl}/`);
    const card = page.locator('main a[href^="/detail/"]', { hasText: ITEM_NAME }).first();
    await card.waitFor();
    await card.click();
    await page.waitForURL(itemUrl);
    await page.getByRole('heading', { name: ITEM_NAME }).waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByText('1 person saved this').isVisible()).toBe(true);

    await page.getByLabel('Add a comment').fill('Is the lavender colour accurate in the photo?');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await expect.poll(() => page.getByText('Is the lavender colour accurate in the photo?').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('item-detail-phone'), fullPage: true });

    // Both survive a reload: they are on the server, not just on the screen.
    await page.reload();
    await expect.poll(() => page.getByText('1 person saved this').isVisible()).toBe(true);
    expect(await page.getByText('Is the lavender colour accurate in the photo?').isVisible()).toBe(true);
    await context.close();
  });
});
