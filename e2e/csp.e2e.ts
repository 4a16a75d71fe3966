import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let page: Page;
/** Every CSP violation the pages report, from the browser's event and from its console. */
const violations: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: DESKTOP });
  await page.exposeFunction('reportCspViolation', (text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
});

afterAll(async () => {
  await browser?.close();
});

describe("the app's pages under its own Content-Security-Policy", () => {
  it('report no violation while browsing, opening an item and filling forms that parse with zod', async () => {
    await page.goto(`${baseUrl}/`);
    const card = page.locator('main a[href^="/detail/"]').first();
    await card.waitFor();
    await card.click();
    await page.waitForURL((url) => url.pathname.startsWith('/detail/'));
    await page.locator('main h1').first().waitFor();

    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username or email').fill('demo_tofu');
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    await page.goto(`${baseUrl}/sell`);
    await page.locator('main form, main button').first().waitFor();
    await page.waitForTimeout(300);
    expect(violations).toEqual([]);
  });
});
