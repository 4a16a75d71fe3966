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
  await expect
    .poll(() => page.evaluate(() => fetch('/api/me/logged-in').then((r) => r.json() as Promise<{ isLoggedIn: boolean }>).then((b) => b.isLoggedIn)))
    .toBe(true);
  return { context, page };
}
