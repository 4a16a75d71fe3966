import type { Page, Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { ItemSummary } from '@keeb/shared';
import { DESKTOP, PHONE, screenshotPath } from './browser';
import { useBrowser } from './journey-browser';
import { signedIn } from './session';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The next answer of GET /api/items whose query matches. */
function itemsResponse(page: Page, matches: (params: URLSearchParams) => boolean): Promise<Response> {
  return page.waitForResponse((res) => {
    const url = new URL(res.url());
    return url.pathname === '/api/items' && res.request().method() === 'GET' && matches(url.searchParams);
  });
}

const cards = (page: Page) => page.getByRole('list', { name: 'Items for sale' }).getByRole('listitem');

describe('finding a seller on a phone and following them', () => {
  it('scrolls, filters, searches, follows a seller and finds them under Followed Sellers', { timeout: 120_000 }, async () => {
    const { context, page } = await signedIn(browser(), baseUrl, 'demo_artisan', PHONE);
    // A step that cannot happen fails with its own message, well before the test's timeout.
    page.setDefaultTimeout(15_000);
    await page.getByRole('button', { name: 'Accept', exact: true }).click(); // the cookie banner

    // Page 1 is 36 cards; scrolling near the bottom loads page 2 with the last card's cursor.
    await expect.poll(() => cards(page).count()).toBe(36);
    const secondPage = itemsResponse(page, (q) => q.has('ts') && q.has('cursorId'));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect((await secondPage).status()).toBe(200);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(36);
    await page.screenshot({ path: screenshotPath('feed-page-2-phone') });

    // Filter by category and region: every card that comes back is a keyboard that ships to the US.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: /^Filters/ }).click();
    const filters = page.getByRole('dialog', { name: 'Filters' });
    await filters.getByLabel('Keyboards', { exact: true }).check();
    await filters.getByLabel('United States', { exact: true }).check();
    await page.screenshot({ path: screenshotPath('filters-phone') });
    const filtered = itemsResponse(page, (q) => q.get('categoryIds') === 'keyboards' && q.get('regions') === 'US');
    await filters.getByRole('button', { name: 'Show Items' }).click();
    const filteredItems = (await (await filtered).json()) as ItemSummary[];
    expect(filteredItems.length).toBeGreaterThan(0);
    // Cards carry no shipping; each item's page says where it ships.
    const shipsTo = await page.evaluate(
      (ids) =>
        Promise.all(
          ids.map((id) =>
            fetch(`/api/item/${id}`)
              .then((r) => r.json() as Promise<{ item: { shippingPrices: Array<{ code: string }> } }>)
              .then((b) => b.item.shippingPrices.map((s) => s.code)),
          ),
        ),
      filteredItems.map((item) => item._id),
    );
    for (const [index, item] of filteredItems.entries()) {
      expect(item.categoryId).toBe('keyboards');
      expect(shipsTo[index]).toContain('US');
    }
    await expect.poll(() => cards(page).count()).toBe(filteredItems.length);
    await expect.poll(() => page.getByRole('button', { name: /^Filters.*2/ }).isVisible()).toBe(true);

    // Search from the phone's navbar.
    const search = page.getByRole('searchbox', { name: 'Search items' });
    await search.fill('sonnet');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/items/search/sonnet');
    await page.getByRole('heading', { name: /Search results/ }).waitFor();
    const result = cards(page).filter({ hasText: 'Mode Sonnet' });
    await result.waitFor();
    await page.screenshot({ path: screenshotPath('search-phone') });

    // The seller's profile: follow them; the follower count moves by one.
    await result.getByRole('link', { name: 'demo_thock' }).click();
    await page.waitForURL((url) => url.pathname === '/u/demo_thock');
    await page.getByRole('heading', { name: /Items For Sale/ }).waitFor();
    const followers = page.getByRole('button', { name: /^\d+ Followers?$/ });
    const before = Number((await followers.innerText()).match(/\d+/)?.[0]);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();
    await expect.poll(async () => Number((await followers.innerText()).match(/\d+/)?.[0])).toBe(before + 1);
    await page.screenshot({ path: screenshotPath('seller-profile-phone'), fullPage: true });

    // The vault's Followed Sellers tab lists the followed seller's items.
    await page.goto(`${baseUrl}/me/vault`);
    await page.getByRole('tab', { name: 'Followed Sellers' }).click();
    const followedCards = page.getByRole('tabpanel').getByRole('listitem');
    await followedCards.first().waitFor();
    const sellers = await followedCards.getByRole('link', { name: /^demo_/ }).allInnerTexts();
    expect(sellers.length).toBeGreaterThan(0);
    expect(new Set(sellers.map((s) => s.trim()))).toEqual(new Set(['demo_thock']));
    await page.screenshot({ path: screenshotPath('vault-followed-phone'), fullPage: true });
    await context.close();
  });
});

describe('typo search and "Did you mean ...?" (issue 25)', () => {
  for (const [width, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`finds listings through a typo and offers the word listings hold (${width})`, { timeout: 120_000 }, async () => {
      const context = await browser().newContext({ viewport });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(baseUrl);
      await page.getByRole('button', { name: 'Accept', exact: true }).click(); // the cookie banner
      const search = page.getByRole('searchbox', { name: 'Search items' });

      // 'lazer' is one letter off 'laser': the Laser listings are found.
      await search.fill('lazer');
      await search.press('Enter');
      await page.waitForURL((url) => url.pathname === '/items/search/lazer');
      await page.getByRole('heading', { name: /Search results/ }).waitFor();
      await cards(page).filter({ hasText: 'GMK Laser Cyberdeck' }).waitFor();
      const offer = page.getByText(/^Did you mean/);
      await offer.waitFor();
      expect(await offer.innerText()).toBe('Did you mean laser?');
      await page.screenshot({ path: screenshotPath(`search-typo-${width}`) });

      // Two typos in a longer word: 'Did you mean cyberdeck?' runs that search.
      await search.fill('cybredek');
      await search.press('Enter');
      await page.waitForURL((url) => url.pathname === '/items/search/cybredek');
      const suggestion = page.getByRole('link', { name: 'cyberdeck', exact: true });
      await suggestion.waitFor();
      // Found through the typos too: the Cyberdeck listings under the offer.
      await cards(page).filter({ hasText: 'GMK Laser Cyberdeck' }).waitFor();
      await page.screenshot({ path: screenshotPath(`search-did-you-mean-${width}`) });
      await suggestion.click();
      await page.waitForURL((url) => url.pathname === '/items/search/cyberdeck');
      await page.getByRole('heading', { name: 'Search results for “cyberdeck”' }).waitFor();
      await cards(page).filter({ hasText: 'Laser Deskmat - Cyberdeck' }).waitFor();
      expect(await page.getByText(/^Did you mean/).count()).toBe(0);
      await context.close();
    });
  }
});
