import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshotPath } from './browser';
import { signedIn } from './session';

/**
 * Issue 13, journey (1) with the screens' screenshots: a buyer offers, a second buyer offers, the seller counters
 * the first; the Offers screen at both widths on both tabs; the first buyer pays the counter through the local
 * stand-in, confirms on return and sees 'Payment Complete'; the item then reads 'Sold for'.
 */
const baseUrl = inject('baseUrl');
/** The demo users and their shipping regions (apps/api/src/db/seed/demo/catalog.ts). */
const DEMO_REGIONS: Record<string, string> = {
  demo_tofu: 'US',
  demo_lubed: 'CA',
  demo_cherry: 'UK',
  demo_artisan: 'EU',
  demo_thock: 'AU',
  demo_vendor: 'AS',
};

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A call from inside the page, with its session cookie and the XSRF header, as the app makes it. */
async function call(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice(11) ?? '');
      const response = await fetch(`/api${url}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as unknown };
    },
    { method, url, body },
  );
}

interface Listing {
  _id: string;
  name: string;
  offersAccepted: boolean;
  isFixedPrice: boolean;
  sellerId: { username: string };
  shippingPrices: { code: string }[];
}

describe('offers and payment screens', () => {
  it('offer, counter, pay through the stand-in, sold', async () => {
    // A listing that takes offers and ships to the regions of two other demo users: they are the buyers.
    const items = (await (await fetch(`${baseUrl}/api/items`)).json()) as { _id: string }[];
    let listing: Listing | undefined;
    let buyers: string[] = [];
    for (const summary of items) {
      const { item } = (await (await fetch(`${baseUrl}/api/item/${summary._id}`)).json()) as { item: Listing };
      const codes = item.shippingPrices.map((s) => s.code);
      const candidates = Object.entries(DEMO_REGIONS).filter(([name, region]) => name !== item.sellerId.username && codes.includes(region));
      if (item.offersAccepted && candidates.length >= 2) {
        listing = item;
        buyers = candidates.map(([name]) => name);
        break;
      }
    }
    expect(listing, 'a demo listing that takes offers and ships to two other demo users').toBeDefined();
    const [BUYER, SECOND_BUYER] = buyers as [string, string];
    const seller = await signedIn(browser, baseUrl, listing!.sellerId.username);
    const buyer = await signedIn(browser, baseUrl, BUYER);
    const second = await signedIn(browser, baseUrl, SECOND_BUYER);
    const itemId = listing!._id;

    expect((await call(buyer.page, 'POST', '/offer', { itemId, offerPrice: '95', offerShippingPrice: 0 })).status).toBe(200);
    expect((await call(second.page, 'POST', '/offer', { itemId, offerPrice: '80.50', offerShippingPrice: 0 })).status).toBe(200);

    const received = (await call(seller.page, 'GET', '/me/offers/received')).json as { _id: string; offers: { _id: string; offererId: { username: string } }[] }[];
    const offer = received.find((g) => g._id === itemId)!.offers.find((o) => o.offererId.username === BUYER)!;
    expect((await call(seller.page, 'POST', `/offer/${offer._id}/counter-seller`, { counterPrice: '110' })).status).toBe(200);

    // The Offers screen, Received (seller) and Sent (buyer), at both widths.
    for (const [name, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      await seller.page.setViewportSize(viewport);
      await seller.page.goto(`${baseUrl}/me/offers`);
      await seller.page.getByRole('link', { name: SECOND_BUYER }).waitFor();
      await seller.page.screenshot({ path: screenshotPath(`offers-received-${name}`), fullPage: true });

      await buyer.page.setViewportSize(viewport);
      await buyer.page.goto(`${baseUrl}/me/offers?tab=sent`);
      await buyer.page.getByRole('button', { name: 'Pay Now' }).waitFor();
      await buyer.page.screenshot({ path: screenshotPath(`offers-sent-${name}`), fullPage: true });
    }

    // Pay the counter through the local stand-in's approval page.
    await buyer.page.setViewportSize(PHONE);
    await buyer.page.getByRole('button', { name: 'Pay Now' }).click();
    await buyer.page.getByRole('dialog', { name: 'Pay Now' }).getByRole('button', { name: 'Continue to PayPal' }).click();
    await buyer.page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/approve/'));
    await buyer.page.getByRole('button', { name: 'Pay Now' }).click();
    await buyer.page.waitForURL((url) => url.pathname === `/detail/${itemId}` && url.searchParams.has('PayerID'));
    // The return URL is built from the server's own address (localhost); the session lives on baseUrl's host.
    const back = new URL(buyer.page.url());
    if (back.origin !== new URL(baseUrl).origin) await buyer.page.goto(`${baseUrl}${back.pathname}${back.search}`);

    const confirm = buyer.page.getByRole('dialog', { name: 'Confirm Payment' });
    await confirm.waitFor();
    await buyer.page.screenshot({ path: screenshotPath('payment-confirm-phone') });
    await buyer.page.setViewportSize(DESKTOP);
    await buyer.page.screenshot({ path: screenshotPath('payment-confirm-desktop') });

    await confirm.getByRole('button', { name: 'Complete Purchase' }).click();
    const complete = buyer.page.getByRole('dialog', { name: 'Payment Complete' });
    await complete.waitFor({ timeout: 20_000 });
    await expect.poll(() => complete.textContent()).toContain('for $110');
    await buyer.page.screenshot({ path: screenshotPath('payment-complete-desktop') });
    await buyer.page.setViewportSize(PHONE);
    await buyer.page.screenshot({ path: screenshotPath('payment-complete-phone') });
    await buyer.page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });

    await buyer.page.goto(`${baseUrl}/detail/${itemId}`);
    await buyer.page.getByText('Sold for $110').first().waitFor();
    await buyer.page.goto(`${baseUrl}/me?tab=purchased`);
    await buyer.page.getByText('Sold for $110').waitFor();

    await seller.page.goto(`${baseUrl}/me/offers`);
    await seller.page.getByText('Sold for $110').waitFor();
    await seller.page.setViewportSize(DESKTOP);
    await seller.page.screenshot({ path: screenshotPath('offers-received-sold-desktop'), fullPage: true });

    await Promise.all([seller.context.close(), buyer.context.close(), second.context.close()]);
  }, 120_000);
});
