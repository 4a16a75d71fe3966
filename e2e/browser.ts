import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the flags this network needs (no background calls home). playwright-core
 * gives every launch a fresh temporary profile (its own --user-data-dir).
 */
/** Debian's Chromium on a machine whose network reaches only the registries: no calls home, no sandbox as root. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

export function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH;
  if (!executablePath) throw new Error('CHROME_PATH is not set: run the journeys through `npm run test:e2e`');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
}

export const screenshotPath = (name: string) => path.join(import.meta.dirname, 'screenshots', `${name}.png`);

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A journey's screenshot. Desktop: the whole page from the top (a full-page shot of a scrolled page draws the sticky
 * header where the window stood), or the window around `focus`. Phone: what the screen shows, `focus` scrolled into
 * view (the bottom toolbar is fixed to the screen, so a full-page shot would draw it across the middle).
 */
export async function journeyShot(page: Page, name: string, focus?: Locator): Promise<void> {
  const phone = (page.viewportSize()?.width ?? 0) < 600;
  if (focus) await focus.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  else await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: screenshotPath(name), fullPage: !phone && !focus });
}
