import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

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

/**
 * One Chromium per journey process, launched on first use: the journey files of a group run one after another in
 * the same process (e2e/vitest.config.ts), and launching Chromium for each of them cost a second or two of CPU.
 * Playwright stops it when the process exits.
 */
let chromium_: Promise<Browser> | undefined;
function sharedChromium(): Promise<Browser> {
  const executablePath = process.env.CHROME_PATH;
  if (!executablePath) throw new Error('CHROME_PATH is not set: run the journeys through `npm run test:e2e`');
  chromium_ ??= chromium
    .launch({ executablePath, headless: true, args: [...CHROMIUM_FLAGS] })
    .then(async (browser) => {
      await retryRefusedCaptures(browser);
      return browser;
    });
  return chromium_;
}

const REFUSED_CAPTURE = 'Unable to capture screenshot';

/**
 * Headless Chromium now and then refuses one capture ('Protocol error (Page.captureScreenshot): Unable to capture
 * screenshot', seen once in CI on a phone-width shot while two journey groups loaded both cores) and takes the same
 * picture when asked again. A screenshot is a record for people to look at, not an assertion, so every page's
 * `screenshot` asks up to three times for that error alone; any other error still fails the journey.
 */
async function retryRefusedCaptures(browser: Browser): Promise<void> {
  const probe = await browser.newPage();
  const prototype = Object.getPrototypeOf(probe) as Page;
  await probe.context().close();
  const capture = prototype.screenshot;
  prototype.screenshot = async function (this: Page, ...args: Parameters<Page['screenshot']>) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await capture.apply(this, args);
      } catch (error) {
        if (attempt >= 3 || !String((error as Error).message).includes(REFUSED_CAPTURE)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  };
}

/**
 * A journey file's browser: the process's Chromium, seen through a handle whose `close()` closes the contexts
 * and pages this handle opened (each with its own cookies and storage, as a new browser's would be), so that what
 * one file leaves open never reaches the next.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await sharedChromium();
  const opened = new Set<BrowserContext>();
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') {
        return async (...args: Parameters<Browser['newContext']>) => {
          const context = await target.newContext(...args);
          opened.add(context);
          return context;
        };
      }
      if (property === 'newPage') {
        return async (...args: Parameters<Browser['newPage']>) => {
          const page = await target.newPage(...args);
          opened.add(page.context());
          return page;
        };
      }
      if (property === 'close') {
        return async () => {
          await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
          opened.clear();
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
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
  await settled(page);
  await page.screenshot({ path: screenshotPath(name), fullPage: !phone && !focus });
}

/**
 * Waits until what a shot shows has settled: no finite animation or transition running (a dialog fading in), the
 * images in the window loaded or failed (lazy ones appear once scrolled to), then two frames painted. A fixed 300 ms
 * did the same for ~210 shots a run, 64 s of waiting (issue 35); this usually returns in a few frames. A shot is a
 * record, not an assertion: past 5 s it is taken as it is.
 */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const finite = (animation: Animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity));
        if (document.getAnimations().some((animation) => animation.playState === 'running' && finite(animation))) return false;
        const inWindow = (el: Element) => {
          const box = el.getBoundingClientRect();
          return box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
        };
        return Array.from(document.images).filter(inWindow).every((image) => image.complete);
      },
      undefined,
      { polling: 'raf', timeout: 5_000 },
    )
    .catch(() => undefined);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
