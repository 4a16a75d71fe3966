import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

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
