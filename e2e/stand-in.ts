import type { Page } from 'playwright-core';

/**
 * Issue 36: the local payment stand-in, like PayPal, approves a shipped item's payment only with an address to ship
 * to. Journeys whose buyers have none saved (the demo accounts) fill its form before Pay Now; a form already filled
 * from a saved address is left as it is.
 */
export async function fillStandInAddress(page: Page): Promise<void> {
  const name = page.getByLabel('Full name');
  if (await name.inputValue()) return;
  await name.fill('Demo Buyer');
  await page.getByLabel('Address line 1', { exact: true }).fill('1 Demo Street');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State or region').fill('IL');
  await page.getByLabel('Postal code').fill('62701');
  await page.getByLabel('Country').selectOption('US');
}
