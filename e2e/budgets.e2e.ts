import { describe, expect, inject, it } from 'vitest';
import { isSeriousOrCritical, runAxe } from './budgets/axe';
import { initialScripts } from './budgets/initial-js';
import { INITIAL_JS_BUDGET_GZIP } from './budgets/limits';
import { budgetPages } from './budgets/pages';
import { DESKTOP, PHONE, screenshotPath } from './browser';
import { useBrowser } from './journey-browser';

/**
 * The budgets of issue 12 that do not depend on the machine's speed: the feed's initial JavaScript, and axe on the
 * feed, an item page, the sell page, a seller's profile, a blog post and a help topic at both widths. They run with the journeys;
 * Lighthouse's scores run alone, in a stage of their own (lighthouse.e2e.ts). The limits: budgets/limits.ts.
 */
const baseUrl = inject('baseUrl');
const browser = useBrowser();
const pages = budgetPages(baseUrl, browser);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('the feed\'s initial JavaScript', () => {
  it(`stays within ${kb(INITIAL_JS_BUDGET_GZIP)} gzip`, async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const scripts = await initialScripts(await context.newPage(), `${baseUrl}/`);
    await context.close();
    const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    console.log(
      [...scripts.sort((a, b) => b.gzipBytes - a.gzipBytes).map((s) => `  ${kb(s.gzipBytes).padStart(9)} gzip  ${kb(s.bytes).padStart(9)}  ${s.url}`), `  ${kb(total).padStart(9)} gzip in ${scripts.length} scripts (budget ${kb(INITIAL_JS_BUDGET_GZIP)})`].join('\n'),
    );
    expect(total).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
  });
});

describe('axe: no serious or critical violations', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const width = viewport === PHONE ? 'phone' : 'desktop';
    it(`on the feed, an item page, the sell page, a profile, a blog post and a help topic (${width})`, async () => {
      const found: string[] = [];
      for (const target of await pages()) {
        const context = await browser().newContext({ viewport });
        if (target.cookie) {
          await context.addCookies(target.cookie.split('; ').map((pair) => {
            const eq = pair.indexOf('=');
            return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: baseUrl };
          }));
        }
        const page = await context.newPage();
        await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'networkidle' });
        await page.locator(target.ready).first().waitFor();
        if (target.name !== 'sell') await page.screenshot({ path: screenshotPath(`budget-${target.name.replace(' ', '-')}-${width}`), fullPage: false });
        const violations = (await runAxe(page)).filter(isSeriousOrCritical);
        for (const v of violations) found.push(`${target.name} (${width}): ${v.impact} ${v.id}: ${v.help} [${v.targets.slice(0, 3).join(' | ')}]`);
        await context.close();
      }
      if (found.length) console.log(found.join('\n'));
      expect(found).toEqual([]);
    });
  }
});
