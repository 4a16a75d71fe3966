import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP } from './browser';

/**
 * A person in their own browser context (own cookies), signed in, on the feed. Through the API, as the login form
 * sends it (the XSRF cookie first, then POST /api/login with its header): walking the form took a page load of
 * its own for each of the journeys' ~120 sign-ins, twice the time of this (issue 35). The form itself is walked by
 * accounts.e2e.ts, at both widths.
 */
export async function signedIn(
  browser: Browser,
  baseUrl: string,
  username: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  // Any answer carries the XSRF cookie; the login call must echo it in its header.
  await context.request.get(`${baseUrl}/api/me/logged-in`);
  const xsrf = decodeURIComponent((await context.cookies(baseUrl)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const login = await context.request.post(`${baseUrl}/api/login`, {
    data: { username, password: 'demo-password' },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(login.status(), `signing ${username} in: ${await login.text()}`).toBe(200);
  const page = await context.newPage();
  await page.goto(baseUrl);
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
