import sharp from 'sharp';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, screenshotPath } from './browser';
import { useBrowser } from './journey-browser';
import { signedIn as signedInAs } from './session';

/**
 * Issue 15's blog journey on the demo server: an admin writes a giveaway post with a banner and rich text and
 * publishes it; a user on a phone sees it in the home feed's banner, opens it, comments and enters; the admin
 * closes the giveaway and reads the entries.
 */
const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A 550x300 PNG banner, made here so the journey uploads a real image through the photo pipeline. */
const banner = () =>
  sharp({ create: { width: 550, height: 300, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** Every CSP violation a page reports, from the browser's event and from its console. */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** The words of the cells that a line break cuts in two ('Usernam e'): none when every word sits on one line. */
const brokenWords = (table: Locator) =>
  table.evaluate((element) => {
    const broken: string[] = [];
    for (const cell of Array.from(element.querySelectorAll('th, td'))) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });

const ADMIN = 'demo_tofu';
const USER = 'demo_lubed';

describe('a giveaway on the blog', () => {
  it('written and published by an admin, entered and commented by a user, closed by the admin', async () => {
    const title = `Giveaway: a GMK set ${Date.now().toString(36)}`;
    const admin = await signedInAs(browser(), baseUrl, ADMIN, DESKTOP);
    const violations = await recordCspViolations(admin.page);
    await admin.page.goto(`${baseUrl}/theblog`);
    await admin.page.getByRole('link', { name: 'New Post' }).click();
    await admin.page.getByRole('heading', { name: 'Create A New Blog Post' }).waitFor();
    await admin.page.locator('.ProseMirror').waitFor();
    await admin.page.screenshot({ path: screenshotPath('blog-editor-new-desktop'), fullPage: true });
    // The save checks come in the spec's order: the category first.
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('Category Required').waitFor();
    await admin.page.getByLabel('Category').selectOption('giveaway');
    // The picker is a button-like label (the native input is out of sight) that then names the chosen file.
    const picker = admin.page.locator('label[for="blog-banner-input"]');
    expect(await picker.innerText()).toBe('Choose image');
    await admin.page.getByLabel('Banner image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await banner() });
    await admin.page.getByRole('img', { name: 'Banner preview' }).waitFor();
    await admin.page.getByText('banner.png', { exact: true }).waitFor();
    expect(await picker.innerText()).toBe('Change image');
    await admin.page.getByLabel('Title').fill(title);
    const editor = admin.page.locator('.ProseMirror');
    await editor.click();
    await admin.page.keyboard.type('Enter for a chance to win ');
    // Typed at once after each click: the toolbar keeps the focus in the text (keys typed while a button held
    // it were lost, a space pressing the button again).
    const bold = admin.page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' });
    await bold.click();
    await admin.page.keyboard.type('a sealed GMK set');
    await bold.click();
    await admin.page.keyboard.type('. One entry per account.');
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('false');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.getByText('Post saved').waitFor();
    // The saved post's own editor now: its address and title.
    await admin.page.waitForURL((url) => /^\/blog\/[^/]+\/edit$/.test(url.pathname));
    await admin.page.getByRole('heading', { level: 1, name: 'Edit Blog Post' }).waitFor();
    await admin.page.screenshot({ path: screenshotPath('blog-editor-desktop'), fullPage: true });
    await admin.page.getByRole('button', { name: 'Publish' }).click();
    await admin.page.getByText('Post published').waitFor();
    expect(await admin.page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    // Loading and using the editor broke no rule of the CSP (Tiptap's own <style> element did).
    expect(violations).toEqual([]);

    // The editor at phone width.
    await admin.page.setViewportSize(PHONE);
    await admin.page.screenshot({ path: screenshotPath('blog-editor-phone'), fullPage: true });
    await admin.page.setViewportSize(DESKTOP);

    // A user on a phone: the newest post is the home feed's banner.
    const user = await signedInAs(browser(), baseUrl, USER, PHONE);
    await user.page.goto(`${baseUrl}/`);
    const fromBlog = user.page.getByRole('region', { name: 'From the blog' });
    const link = fromBlog.getByRole('link').first();
    await link.waitFor();
    expect(await link.innerText()).toContain(title);
    await user.page.screenshot({ path: screenshotPath('blog-banner-phone') });
    await link.click();
    await user.page.getByRole('heading', { level: 1, name: title }).waitFor();
    // The rich text came through the sanitiser as bold text.
    expect(await user.page.locator('main strong', { hasText: 'a sealed GMK set' }).count()).toBe(1);

    await user.page.getByLabel('Your comment').fill('Count me in, this set would finish my Tofu65.');
    await user.page.getByRole('button', { name: 'Comment' }).click();
    const comments = user.page.getByRole('region', { name: '1 Comment' });
    await comments.getByText('Count me in').waitFor();
    await comments.getByText('You', { exact: true }).waitFor();

    const giveaway = user.page.getByRole('region', { name: 'Giveaway' });
    await giveaway.getByRole('button', { name: 'Enter Giveaway' }).click();
    await giveaway.getByText('Full Name required').waitFor();
    await giveaway.getByLabel('Full Name').fill('Lubed Linears');
    await giveaway.getByRole('button', { name: 'Enter Giveaway' }).click();
    await user.page.getByText('Entered giveaway!').waitFor();
    await user.page.reload();
    await user.page.getByText('You have already entered this giveaway').waitFor();
    await user.page.screenshot({ path: screenshotPath('blog-post-phone'), fullPage: true });

    // The admin closes it and reads the entries.
    await admin.page.goto(`${baseUrl}/theblog`);
    const manage = admin.page.getByRole('group', { name: `Manage “${title}”` });
    await manage.getByRole('button', { name: 'Close' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Close giveaway' });
    await confirm.getByRole('button', { name: 'Close giveaway' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    await manage.getByRole('button', { name: 'Entries' }).click();
    const entries = admin.page.getByRole('dialog', { name: 'Giveaway entries' });
    await entries.getByRole('cell', { name: USER, exact: true }).waitFor();
    await entries.getByRole('cell', { name: 'Lubed Linears' }).waitFor();
    await entries.getByText('Total entries: 1').waitFor();
    expect(await brokenWords(entries.getByRole('table'))).toEqual([]);
    await admin.page.screenshot({ path: screenshotPath('blog-entries-desktop') });
    // At phone width the words stay whole too (the table scrolls sideways if it must).
    await admin.page.setViewportSize(PHONE);
    expect(await brokenWords(entries.getByRole('table'))).toEqual([]);
    await admin.page.screenshot({ path: screenshotPath('blog-entries-phone') });

    await user.page.reload();
    await user.page.getByText('This giveaway has closed').waitFor();
    await user.page.goto(`${baseUrl}/theblog`);
    await user.page.getByRole('heading', { name: 'The Blog' }).waitFor();
    await user.page.getByText(title).waitFor();
    await user.page.getByText('Enter for a chance to win a sealed GMK set. One entry per account.').waitFor();
    await user.page.screenshot({ path: screenshotPath('blog-list-phone'), fullPage: true });
    await user.context.close();
    await admin.context.close();
  });
});
