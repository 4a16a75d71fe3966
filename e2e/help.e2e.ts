import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, screenshotPath } from './browser';
import { useBrowser } from './journey-browser';

/**
 * Issue 15: every help topic and both legal tabs render at phone width (the topic list hidden there, a select in
 * its place), and the pages the shell links to land on content.
 */
const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('help at phone width', () => {
  it('every topic renders its heading and text; the list is hidden, the select switches topics', async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/help`);
    const select = page.getByRole('combobox', { name: 'Help topic' });
    await select.waitFor();
    expect(await page.getByRole('navigation', { name: 'Help topics' }).isVisible()).toBe(false);
    const topics = await select.locator('option').evaluateAll((options) => options.map((o) => ({ id: (o as HTMLOptionElement).value, title: o.textContent ?? '' })));
    for (const required of ['signing-up', 'listing-an-item', 'keebkarma', 'offers', 'linking-reddit', 'payment', 'chat-system', 'trades', 'misc']) {
      expect(topics.map((t) => t.id)).toContain(required);
    }
    // /help opens signing-up.
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(topics.find((t) => t.id === 'signing-up')!.title);
    for (const topic of topics) {
      await page.goto(`${baseUrl}/help/${topic.id}`);
      await page.getByRole('heading', { level: 1, name: topic.title }).waitFor();
      const words = (await page.locator('main article').innerText()).split(/\s+/).length;
      expect(words, `${topic.id} has text`).toBeGreaterThan(60);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${topic.id} fits 390 px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: screenshotPath(`help-${topic.id}-phone`), fullPage: true });
    }
    await select.selectOption('payment');
    await page.waitForURL((url) => url.pathname === '/help/payment');
    await page.goto(`${baseUrl}/help/no-such-topic`);
    await page.waitForURL((url) => url.pathname === '/404');
    await context.close();
  });

  it('on a desktop the topic list shows and marks the open topic', async () => {
    const context = await browser().newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/help/offers`);
    const list = page.getByRole('navigation', { name: 'Help topics' });
    await list.waitFor();
    expect(await list.locator('[aria-current="page"]').getAttribute('href')).toBe('/help/offers');
    await page.screenshot({ path: screenshotPath('help-offers-desktop'), fullPage: true });
    await context.close();
  });
});

describe('legal at phone width', () => {
  it('Terms and Privacy render with the effective date; a link can open Privacy', async () => {
    const context = await browser().newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/legal`);
    await page.getByRole('heading', { name: 'Terms of Service' }).waitFor();
    await page.getByText('Effective June 01, 2020').waitFor();
    await page.screenshot({ path: screenshotPath('legal-terms-phone') });
    await page.getByRole('tab', { name: 'Privacy' }).click();
    await page.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    await page.getByText('Effective June 01, 2020').waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('privacy');
    await page.screenshot({ path: screenshotPath('legal-privacy-phone') });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('the footer links to Legal and Help land on content', async () => {
    const context = await browser().newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/about`);
    for (const [name, heading] of [['Legal', 'Legal'], ['Help', /.+/]] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
    }
    await context.close();
  });
});
