import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshotPath } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: DESKTOP });
  // The journeys run with a closed network: any request that leaves our origin is a bug.
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseUrl) && !url.startsWith('data:') && !url.startsWith('blob:')) throw new Error(`request left the app: ${url}`);
  });
});

afterAll(async () => {
  await browser?.close();
});

describe('first visit', () => {
  it('shows demo listings in the feed on a desktop', async () => {
    await page.goto(`${baseUrl}/`);
    const cards = page.locator('main a[href^="/detail/"]');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(20);
    await expect.poll(() => page.getByText('Tofu65 Aluminum Kit - E-White, Brass Plate').first().isVisible()).toBe(true);
    // Photos really load (not broken images).
    const firstImage = page.locator('main img').first();
    await firstImage.waitFor();
    await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The desktop navbar is there, the bottom toolbar is not.
    await expect.poll(() => page.getByRole('searchbox').first().isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Toolbar' }).isVisible()).toBe(false);
    await page.screenshot({ path: screenshotPath('home-desktop') });
  });

  it('shows the bottom toolbar on a phone-sized window', async () => {
    await page.setViewportSize(PHONE);
    const toolbar = page.getByRole('navigation', { name: 'Toolbar' });
    await expect.poll(() => toolbar.isVisible()).toBe(true);
    for (const label of ['Feed', 'Offers', 'Sell', 'Chats', 'Me']) {
      expect(await toolbar.getByRole('link', { name: label }).isVisible()).toBe(true);
    }
    await page.screenshot({ path: screenshotPath('home-phone') });
  });

  it('sends a logged-out user from a guarded link to the login page with the return address', async () => {
    await page.getByRole('navigation', { name: 'Toolbar' }).getByRole('link', { name: 'Sell' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe('/sell');
    await expect.poll(() => page.title()).toContain('Login');
    await page.screenshot({ path: screenshotPath('login-redirect-phone') });
  });

  it('redirects an unknown path to the 404 page', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL((url) => url.pathname === '/404');
    await expect.poll(() => page.getByText("Sorry, we can't find the page you're looking for.").isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('not-found-desktop') });
  });

  it('deep-links into the app (reloading /detail/x loads the SPA)', async () => {
    const response = await page.goto(`${baseUrl}/detail/some-id`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await page.locator('header').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/detail/some-id');
  });
});
