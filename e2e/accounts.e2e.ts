import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { linkTokenFor } from '../apps/api/src/test/outbox';
import { DESKTOP, launchBrowser, PHONE, screenshotPath } from './browser';

const baseUrl = inject('baseUrl');
const outbox = path.join(inject('dataDir'), 'outbox');
let browser: Browser;
let page: Page;

const member = { username: 'journey_fan', email: 'journey@example.com', password: 'thocky switches', newPassword: 'clacky switches 2' };

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: DESKTOP });
});

afterAll(async () => {
  await browser?.close();
});

async function logOut() {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
}

async function logIn(username: string, password: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

describe('an account from sign-up to password reset', () => {
  it('signs up and lands signed in on the feed', async () => {
    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel('Username').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Shipping region').selectOption('CA');
    await page.screenshot({ path: screenshotPath('signup-desktop') });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  it('confirms the email with the link from the outbox', async () => {
    const token = await linkTokenFor(outbox, member.email, '/confirm-email/');
    await page.goto(`${baseUrl}/confirm-email/${token}`);
    await expect.poll(() => page.getByText('Your email is confirmed').isVisible()).toBe(true);
  });

  it('logs out, then logs in by email', async () => {
    await logOut();
    await logIn(member.email.toUpperCase(), member.password);
  });

  it("changes bio and region in settings and sees 'Changes Saved'", async () => {
    await page.goto(`${baseUrl}/settings`);
    await page.getByLabel('Bio').fill('Collector of 60% boards.');
    await page.getByLabel('Shipping region').selectOption('EU');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => page.getByText('Changes Saved').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('settings-desktop'), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.reload();
    await expect.poll(() => page.getByLabel('Bio').inputValue()).toBe('Collector of 60% boards.');
    expect(await page.getByLabel('Shipping region').inputValue()).toBe('EU');
    await page.screenshot({ path: screenshotPath('settings-phone'), fullPage: true });
    await page.setViewportSize(DESKTOP);
  });

  it('requests a password reset, uses the link and logs in with the new password', async () => {
    await logOut();
    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('Email sent!').isVisible()).toBe(true);

    const token = await linkTokenFor(outbox, member.email, '/reset-password/');
    await page.goto(`${baseUrl}/reset-password/${token}`);
    await page.getByLabel('New password').fill(member.newPassword);
    await page.getByLabel('Confirm password').fill(member.newPassword);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.getByText('Your password has been reset').isVisible()).toBe(true);

    await logIn(member.username, member.newPassword);
    await page.goto(`${baseUrl}/login`);
    // A signed-in user is sent home from /login.
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('refuses the old password', async () => {
    await logOut();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Username or email').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.getByText('Invalid username or password').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath('login-error-desktop') });
  });

  // The other journeys sign their people in through the API (session.ts): the form is walked here, at both widths.
  it('logs in through the form on a phone', async () => {
    const phone = await browser.newPage({ viewport: PHONE });
    await phone.goto(`${baseUrl}/login`);
    await phone.getByLabel('Username or email').fill(member.username);
    await phone.getByLabel('Password', { exact: true }).fill(member.newPassword);
    await phone.getByRole('button', { name: 'Log In' }).click();
    await phone.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => phone.evaluate(() => fetch('/api/me/logged-in').then(async (r) => ((await r.json()) as { isLoggedIn?: boolean }).isLoggedIn))).toBe(true);
    await phone.locator('main a[href^="/detail/"] img').first().waitFor();
    await phone.screenshot({ path: screenshotPath('login-done-phone') });
    await phone.context().close();
  });
});
