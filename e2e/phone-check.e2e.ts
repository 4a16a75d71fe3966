import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { linkTokenFor } from '../apps/api/src/test/outbox';
import { latestSmsCode } from '../apps/api/src/test/sms-outbox';
import { DESKTOP, PHONE, screenshotPath } from './browser';
import { useBrowser } from './journey-browser';

/**
 * Issue 25, item 1: a seller who mistypes their number many times still gets a code, and other sellers on the same
 * address (every browser here is on 127.0.0.1, like an office behind one NAT) are not locked out by them.
 */
const baseUrl = inject('baseUrl');
const outbox = path.join(inject('dataDir'), 'outbox');
const browser = useBrowser();

/** A new seller with a confirmed email and no phone, signed in in their own browser context. */
async function newSeller(username: string, viewport: { width: number; height: number }) {
  const context = await browser().newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  const email = `${username}@example.com`;
  const post = (url: string, body: object) =>
    page.evaluate(
      async ([url, body]) => {
        const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
        const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify(body) });
        return res.status;
      },
      [url, body] as const,
    );
  expect(await post('/api/signup', { username, password: 'journey-password', email, shippingRegion: 'US' })).toBe(200);
  expect(await post('/api/confirm-email', { token: await linkTokenFor(outbox, email, '/confirm-email/') })).toBe(200);
  return { context, page };
}

async function openPhoneDialog(page: Page) {
  await page.goto(`${baseUrl}/sell`);
  await page.getByLabel('Category').selectOption('keyboards');
  await page.getByLabel('Name').fill('Phone Check TKL - Grey, Soldered');
  await page.getByLabel('Description').fill('A board listed by a seller who mistyped their number.');
  await page.getByLabel('Price (USD)').fill('120');
  await page.getByLabel('Payment email').fill('phone-check-pay@example.com');
  await page.getByText('Buy It Now', { exact: true }).click();
  await page.getByText('United Kingdom', { exact: true }).click();
  await page.getByLabel('Shipping price to United Kingdom').fill('20');
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8fa3b8' } }).jpeg().toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'board.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('list', { name: 'Listing photos' }).locator('img').first().waitFor();
  await page.getByRole('button', { name: 'List Item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify Your Phone' });
  await dialog.waitFor();
  return dialog;
}

/** Sends the number typed and waits for the server's answer. */
async function sendCode(page: Page, number: string): Promise<number> {
  await page.getByLabel('Phone number').fill(number);
  const answer = page.waitForResponse((res) => res.url().endsWith('/api/sms/send'));
  await page.getByRole('button', { name: 'Send Code' }).click();
  return (await answer).status();
}

describe('the phone check after mistyped numbers', () => {
  it.each([
    ['desktop', DESKTOP, '6502530101', '6502530111'],
    ['phone', PHONE, '6502530102', '6502530112'],
  ])('on %s: ten invalid numbers, then a valid one reaches the code step; so does another seller on the address', async (name, viewport, valid, othersNumber) => {
    const { context, page } = await newSeller(`phone_check_${name}`, viewport);
    const dialog = await openPhoneDialog(page);
    await page.getByLabel('Country').selectOption('US');
    // Seven digits pass the form's own check and reach the server, which refuses them: a 400 each time.
    for (let i = 0; i < 10; i++) expect(await sendCode(page, `555010${i}`)).toBe(400);
    await expect.poll(() => page.getByLabel('Phone number').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => dialog.getByText('Enter a valid phone number').isVisible()).toBe(true);
    await page.screenshot({ path: screenshotPath(`phone-check-invalid-${name}`) });

    expect(await sendCode(page, valid)).toBe(200);
    await page.getByLabel('Verification code').waitFor();
    await expect.poll(() => dialog.getByText(`We texted a code to +1${valid}.`).isVisible()).toBe(true);
    expect(await dialog.getByText('Please verify the code you already received').count()).toBe(0);
    expect(await latestSmsCode(outbox, `+1${valid}`)).toMatch(/^\d{6}$/);
    await page.screenshot({ path: screenshotPath(`phone-check-code-${name}`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The seller's own allowance (10 texts a day) runs out with a true message, not 'verify the code you received'.
    for (let i = 1; i < 10; i++) {
      await dialog.getByRole('button', { name: 'Use a different number' }).click();
      expect(await sendCode(page, `650253${name === 'phone' ? 2 : 1}${String(i).padStart(3, '0')}`)).toBe(200);
      await page.getByLabel('Verification code').waitFor();
    }
    await dialog.getByRole('button', { name: 'Use a different number' }).click();
    expect(await sendCode(page, `650253${name === 'phone' ? 2 : 1}999`)).toBe(429);
    await expect.poll(() => dialog.getByText(/^Too many codes requested\. Try again in \d+ hours\.$/).isVisible()).toBe(true);
    expect(await dialog.getByText('Please verify the code you already received').count()).toBe(0);
    await page.screenshot({ path: screenshotPath(`phone-check-too-many-${name}`) });

    // Another seller on the same address, at once: their first try sends a code too.
    const other = await newSeller(`phone_check_${name}_2`, viewport);
    await openPhoneDialog(other.page);
    await other.page.getByLabel('Country').selectOption('US');
    expect(await sendCode(other.page, othersNumber)).toBe(200);
    await other.page.getByLabel('Verification code').waitFor();
    await other.context.close();
    await context.close();
  });
});
