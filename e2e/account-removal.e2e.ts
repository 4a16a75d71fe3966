import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, screenshotPath } from './browser';
import { useBrowser } from './journey-browser';
import { signedInCookiesAccepted } from './session';

/**
 * Issue 36: a member with a checkout in progress asks to remove their account. The removal is refused and Settings
 * lists what is open (the checkout among it), each a link; the checkout's link opens its item page, where it is
 * cancelled. The account stays (the removal never went through), and the listing is on sale again.
 */
const baseUrl = inject('baseUrl');
const browser = useBrowser();

interface Listing {
  _id: string;
  name: string;
}

/** A Buy It Now listing of `seller`, on sale and free of any payment or accepted offer (read from the API). */
async function freeListingOf(seller: string): Promise<Listing> {
  const list = (await (await fetch(`${baseUrl}/api/user/${seller}/items/listed`)).json()) as Listing[];
  for (const summary of list) {
    const { item } = (await (await fetch(`${baseUrl}/api/item/${summary._id}`)).json()) as {
      item: Listing & { isFixedPrice: boolean; purchaserId: string | null; paymentStatus: string; reserved?: boolean; tradePending?: boolean; shippingPrices: Array<{ code: string }> };
    };
    if (item.isFixedPrice && !item.purchaserId && item.paymentStatus === 'none' && !item.reserved && !item.tradePending && item.shippingPrices.some((s) => s.code === 'US')) return item;
  }
  throw new Error(`no free Buy It Now listing of ${seller} shipping to the US`);
}

async function shot(page: Page, target: ReturnType<Page['getByRole']>, name: string) {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(300);
  await page.screenshot({ path: screenshotPath(name) });
}

// demo_tofu ships from and to the US; each width holds a listing of its own seller.
describe.each([
  ['desktop', DESKTOP, 'demo_lubed'],
  ['phone', PHONE, 'demo_cherry'],
] as const)('account removal refused while a checkout is open (%s)', (width, viewport, seller) => {
  it('lists the open checkout with a link to it; there it is cancelled, and the account stays', { timeout: 120_000 }, async () => {
    const item = await freeListingOf(seller);
    const { page, context } = await signedInCookiesAccepted(browser(), baseUrl, 'demo_tofu', viewport);
    try {
      await page.goto(`${baseUrl}/detail/${item._id}`);
      await page.getByRole('button', { name: 'Purchase' }).click();
      await page.getByRole('dialog', { name: 'Purchase' }).getByRole('button', { name: 'Continue to PayPal' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/api/payment/local/approve/'));

      // The buyer leaves the payment page for Settings and asks to remove the account.
      await page.goto(`${baseUrl}/settings`);
      const removal = page.getByRole('region', { name: 'Remove Account' });
      await removal.getByLabel('Password').fill('demo-password');
      await removal.getByRole('button', { name: 'Remove Account' }).click();
      const open = removal.getByRole('alert');
      await open.getByText('Your account cannot be removed while these are open').waitFor();
      const link = open.getByRole('link', { name: `Checkout of ${item.name}` });
      expect(await link.getAttribute('href')).toBe(`/detail/${item._id}`);
      await shot(page, removal, `account-removal-open-deals-${width}`);

      // Still signed in: the removal never went through.
      await expect
        .poll(() => page.evaluate(() => fetch('/api/me/logged-in').then(async (r) => ((await r.json()) as { isLoggedIn: boolean }).isLoggedIn)))
        .toBe(true);

      // The link opens the checkout's item page, where it is cancelled: the listing is on sale again.
      await link.click();
      await page.waitForURL((url) => url.pathname === `/detail/${item._id}`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByText('Checkout cancelled. Nothing was charged.').waitFor();
      const after = (await (await fetch(`${baseUrl}/api/item/${item._id}`)).json()) as { item: { paymentStatus: string } };
      expect(after.item.paymentStatus).toBe('none');
    } finally {
      await context.close();
    }
  });
});
