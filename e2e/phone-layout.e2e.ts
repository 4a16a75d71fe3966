import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshotPath } from './browser';
import { signedIn } from './session';

/**
 * What only a browser at phone width shows: targets a finger can hit (at least 44 x 44 CSS px, WCAG 2.5.5) and a
 * search placeholder that fits its box. Each page is also captured at both widths for review.
 */
const baseUrl = inject('baseUrl');
const MIN_TARGET = 44;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: PHONE });
});
afterAll(async () => {
  await browser?.close();
});

/** Each target's name and its size where it falls short: an empty list when every one is large enough. */
async function smallTargets(targets: Locator): Promise<string[]> {
  const small: string[] = [];
  for (const target of await targets.all()) {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    const name = (await target.getAttribute('aria-label')) ?? (await target.innerText()).trim();
    if (!box) small.push(`${name}: not rendered`);
    else if (box.width < MIN_TARGET || box.height < MIN_TARGET) small.push(`${name}: ${Math.round(box.width)} x ${Math.round(box.height)}`);
  }
  return small;
}

/** Accepts the cookie banner (remembered per browser context) so screenshots show the page under it. */
async function dismissCookies(on: Page) {
  const accept = on.getByRole('button', { name: 'Accept', exact: true });
  if (await accept.isVisible()) await accept.click();
}

async function firstItemPath(): Promise<string> {
  await page.goto(`${baseUrl}/`);
  const card = page.locator('main a[href^="/detail/"]').first();
  await card.waitFor();
  return (await card.getAttribute('href'))!;
}

describe('phone tap targets (390 px)', () => {
  it('footer: Legal, Help and the social links', async () => {
    await page.goto(`${baseUrl}/help`);
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'Legal' }).waitFor();
    expect(await smallTargets(footer.getByRole('link'))).toEqual([]);
    await dismissCookies(page);
    await footer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('footer-phone') });
  });

  it('item page: the share links and Report Item', async () => {
    await page.goto(`${baseUrl}${await firstItemPath()}`);
    const share = page.getByRole('link', { name: 'Share on X' });
    await share.waitFor();
    expect(await smallTargets(page.getByRole('link', { name: /^(Share on X|Share on Reddit|Report Item)$/ }))).toEqual([]);
    await dismissCookies(page);
    await share.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('item-share-phone') });
  });

  it("sign-up: the Terms and Privacy Policy link", async () => {
    await page.goto(`${baseUrl}/signup`);
    const terms = page.getByRole('link', { name: 'Terms and Privacy Policy' });
    await terms.waitFor();
    expect(await smallTargets(terms)).toEqual([]);
    await page.screenshot({ path: screenshotPath('signup-phone'), fullPage: true });
  });

  it("sell form: the photo manager's remove and move buttons", async () => {
    const { context, page: seller } = await signedIn(browser, baseUrl, 'demo_cherry', PHONE);
    await seller.goto(`${baseUrl}/sell`);
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8fb8de' } }).jpeg().toBuffer();
    await seller.locator('input[type="file"]').setInputFiles([
      { name: 'one.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'two.jpg', mimeType: 'image/jpeg', buffer: photo },
    ]);
    const photos = seller.getByRole('list', { name: 'Listing photos' });
    await expect.poll(() => photos.locator('img').count()).toBe(2);
    expect(await smallTargets(photos.getByRole('button'))).toEqual([]);
    await dismissCookies(seller);
    await photos.scrollIntoViewIfNeeded();
    await seller.screenshot({ path: screenshotPath('sell-photos-phone') });
    await seller.setViewportSize(DESKTOP);
    await photos.scrollIntoViewIfNeeded();
    await seller.screenshot({ path: screenshotPath('sell-photos-desktop') });
    await context.close();
  });
});

describe('search box', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('shows its whole placeholder (%s)', async (name, viewport) => {
    await page.setViewportSize(viewport);
    await page.goto(`${baseUrl}/`);
    const search = page.getByRole('searchbox', { name: 'Search items' });
    await search.first().waitFor();
    const visible = search.locator('visible=true').first();
    const fit = await visible.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: Math.ceil(context.measureText(input.placeholder).width), room: Math.floor(room) };
    });
    expect(fit.text, `placeholder ${fit.text} px in ${fit.room} px`).toBeLessThanOrEqual(fit.room);
    await page.screenshot({ path: screenshotPath(`search-box-${name}`) });
    await page.setViewportSize(PHONE);
  });
});
