import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshotPath } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function newPage(viewport: typeof DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  return context.newPage();
}

/** The viewport with `target` in its middle: an element shot would slide under the sticky bars. */
async function shootCentred(page: Page, target: Locator, name: string) {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: screenshotPath(name) });
}

const isLoggedIn = (page: Page) =>
  page.evaluate(() => fetch('/api/me/logged-in').then(async (r) => ((await r.json()) as { isLoggedIn: boolean }).isLoggedIn));

/** The login form's outcome: home and signed in, or the error text it shows. */
async function logIn(page: Page, username: string, password: string): Promise<'signed in' | string> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  const refused = page.getByText('Invalid username or password');
  await Promise.race([page.waitForURL((url) => url.pathname === '/'), refused.waitFor()]);
  if (await refused.isVisible()) return 'Invalid username or password';
  await expect.poll(() => isLoggedIn(page)).toBe(true);
  return 'signed in';
}

// The same journey at both widths, each with its own new account.
describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('password, email and removal in Settings (%s)', (width, viewport) => {
  const member = { username: `settings_${width}`, email: `settings-${width}@example.com`, password: 'first password 1', newPassword: 'second password 2' };
  let page: Page;
  let otherDevice: Page;

  it('signs up, and signs in on a second device too', async () => {
    page = await newPage(viewport);
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Shipping region').selectOption('US');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => isLoggedIn(page)).toBe(true);

    otherDevice = await newPage(viewport);
    expect(await logIn(otherDevice, member.username, member.password)).toBe('signed in');
  });

  it("refuses a wrong current password with 'Incorrect password', then changes it and signs the other device out", async () => {
    await page.goto(`${baseUrl}/settings`);
    const section = page.getByRole('region', { name: 'Change Password' });
    await section.getByLabel('Current password').fill('not my password');
    await section.getByLabel('New password').fill(member.newPassword);
    await section.getByLabel('Confirm password').fill(member.newPassword);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => section.getByText('Incorrect password').isVisible()).toBe(true);
    await expect.poll(() => section.getByLabel('Current password').evaluate((el) => el === document.activeElement)).toBe(true);
    await shootCentred(page, section, `settings-password-wrong-${width}`);

    await section.getByLabel('Current password').fill(member.password);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => section.getByText('Password changed. Your other devices have been signed out.').isVisible()).toBe(true);
    await shootCentred(page, section, `settings-password-changed-${width}`);

    expect(await isLoggedIn(page)).toBe(true);
    expect(await isLoggedIn(otherDevice)).toBe(false);
  });

  it('signs in with the new password only', async () => {
    const fresh = await newPage(viewport);
    expect(await logIn(fresh, member.username, member.password)).toBe('Invalid username or password');
    expect(await logIn(fresh, member.username, member.newPassword)).toBe('signed in');
  });

  it('asks for the current password to change the email, and a wrong one changes nothing', async () => {
    await page.goto(`${baseUrl}/settings`);
    const account = page.getByRole('region', { name: 'Account', exact: true });
    await account.getByLabel('Email', { exact: true }).fill(`moved-${width}@example.com`);
    await account.getByLabel('Re-enter email').fill(`moved-${width}@example.com`);
    await account.getByLabel('Current password').fill(member.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => account.getByText('Incorrect password').isVisible()).toBe(true);
    await shootCentred(page, account, `settings-email-password-${width}`);
    await page.reload();
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(member.email);
  });

  it("removes the account and the home page says 'Your account has been removed.'", async () => {
    const removal = page.getByRole('region', { name: 'Remove Account' });
    await removal.getByLabel('Password').fill(member.newPassword);
    await removal.getByRole('button', { name: 'Remove Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const notice = page.getByRole('status').filter({ hasText: 'Your account has been removed.' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await isLoggedIn(page)).toBe(false);
    await page.screenshot({ path: screenshotPath(`account-removed-${width}`) });

    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);
    expect(await logIn(page, member.username, member.newPassword)).toBe('Invalid username or password');
  });
});
