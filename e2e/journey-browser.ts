import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';

/**
 * One Chromium for a journey file: launched before its first test, closed after its last. Call at the file's top
 * level; the answer gives the running browser inside tests (`browser().newContext(...)`).
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the journey browser is not running (useBrowser must be called at the top level)');
    return browser;
  };
}
