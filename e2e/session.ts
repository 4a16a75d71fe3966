import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP } from './browser';

/** A person in their own browser context (own cookies), signed in through the real login form. */
export async function signedIn(
  browser: Browser,
  baseUrl: string,
  username: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('demo-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // Asked of the server itself, so it holds at any width (the account menu is desktop-only).
  // The status too, so a refusal (a 429) reads as one rather than as 'undefined'.
  await expect
    .poll(() => page.evaluate(() => fetch('/api/me/logged-in').then(async (r) => ({ status: r.status, isLoggedIn: ((await r.json()) as { isLoggedIn?: boolean }).isLoggedIn }))))
    .toEqual({ status: 200, isLoggedIn: true });
  return { context, page };
}

/** signedIn, with the cookie banner accepted so it covers nothing in the journey's screenshots. */
export async function signedInCookiesAccepted(browser: Browser, baseUrl: string, username: string, viewport = DESKTOP) {
  const session = await signedIn(browser, baseUrl, username, viewport);
  const accept = session.page.getByRole('button', { name: 'Accept', exact: true });
  await accept.click();
  await accept.waitFor({ state: 'hidden' });
  return session;
}
