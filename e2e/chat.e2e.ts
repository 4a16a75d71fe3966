import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, screenshotPath } from './browser';
import { useBrowser } from './journey-browser';
import { signedIn as signedInAs } from './session';

/**
 * Issue 14's journey on the demo server: a buyer at a desktop messages a seller about an item (from the item page's
 * Send Message modal, then in Chats); the seller, on a phone, gets the corner notification and the Chats badge in
 * realtime, opens the conversation (the badge clears), loads the older messages and answers, and the buyer sees the
 * answer arrive without reloading.
 */
const baseUrl = inject('baseUrl');
const browser = useBrowser();

const BUYER = 'demo_lubed';
const SELLER = 'demo_artisan';
/** More than one page (15): the first must come back with 'Load previous messages'. */
const BURST = 17;

async function firstListingOf(seller: string): Promise<{ _id: string; name: string }> {
  const list = (await (await fetch(`${baseUrl}/api/user/${seller}/items/listed`)).json()) as Array<{ _id: string; name: string }>;
  if (!list[0]) throw new Error(`${seller} lists nothing`);
  return list[0];
}

/** The Chats entry's badge text in the phone toolbar ('' when none). */
const toolbarBadge = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Main toolbar' })
    .getByRole('link', { name: /^Chats/ })
    .innerText()
    .then((text) => text.replace(/Chats/i, '').trim());

async function send(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  // Delivered when the echo replaces 'Sending...'.
  await page.getByRole('list', { name: 'Messages' }).getByText(text).waitFor();
  await expect.poll(() => page.getByText('Sending...').count(), { timeout: 10_000 }).toBe(0);
}

/** Whether the history's line holding `text` is wholly inside the history's visible area. */
const inView = (history: Locator, text: string) =>
  history.evaluate((list, needle) => {
    const line = Array.from(list.querySelectorAll('li')).find((item) => item.textContent?.includes(needle));
    if (!line) return false;
    const box = list.getBoundingClientRect();
    const rect = line.getBoundingClientRect();
    return rect.top >= box.top - 1 && rect.bottom <= box.bottom + 1;
  }, text);

describe('chat in realtime between two people', () => {
  it('a buyer messages a seller about an item; the seller is notified on a phone, reads the history and answers', { timeout: 180_000 }, async () => {
    const item = await firstListingOf(SELLER);
    const buyer = await signedInAs(browser(), baseUrl, BUYER, DESKTOP);
    const seller = await signedInAs(browser(), baseUrl, SELLER, PHONE);
    try {
      // The seller waits on the home page (their socket starts a second after the app opens).
      await seller.page.goto(`${baseUrl}/`);
      await seller.page.waitForTimeout(1_500);

      // Message Seller on the item page writes the first message in its 'Send Message' modal, then the
      // conversation continues in Chats.
      const stamp = Date.now().toString(36);
      await buyer.page.goto(`${baseUrl}/detail/${item._id}`);
      await buyer.page.getByRole('button', { name: 'Message Seller' }).click();
      const modal = buyer.page.getByRole('dialog', { name: 'Send Message' });
      await modal.getByRole('textbox', { name: 'Message' }).fill(`Hi! Is it still available? (${stamp} #1)`);
      await modal.getByRole('button', { name: 'Send' }).click();
      await modal.getByRole('link', { name: 'Continue in Chats' }).click();
      await buyer.page.waitForURL((url) => url.pathname.startsWith('/chats/messages/'));
      const dialog = buyer.page.getByRole('dialog');
      await dialog.getByRole('link', { name: SELLER }).waitFor();

      for (let i = 2; i <= BURST; i++) await send(buyer.page, `Hi! Is it still available? (${stamp} #${i})`);
      await buyer.page.screenshot({ path: screenshotPath('chat-conversation-desktop') });

      // The corner notification and the badge reach the seller without a reload.
      const notice = seller.page.getByTestId('corner-notification').getByRole('button');
      await notice.getByText(`New message from ${BUYER}`).waitFor({ timeout: 15_000 });
      await expect.poll(() => toolbarBadge(seller.page)).not.toBe('');
      await seller.page.screenshot({ path: screenshotPath('chat-notification-phone') });

      // A tap goes to /chats; the conversation leads the list, unread.
      await notice.click();
      await seller.page.waitForURL((url) => url.pathname === '/chats');
      const row = seller.page.getByRole('list', { name: 'Conversations' }).getByRole('link').first();
      await expect.poll(() => row.innerText()).toContain(BUYER);
      await seller.page.screenshot({ path: screenshotPath('chat-list-phone') });
      await row.click();
      await seller.page.waitForURL((url) => url.pathname.startsWith('/chats/messages/'));
      const history = seller.page.getByRole('list', { name: 'Messages' });
      await history.getByText(`(${stamp} #${BURST})`).waitFor();
      // The newest page holds 15: the first two come with 'Load previous messages'.
      expect(await history.getByText(`(${stamp} #1)`, { exact: false }).count()).toBe(0);
      await seller.page.getByRole('button', { name: 'Load previous messages' }).click();
      await history.getByText(`(${stamp} #1)`).waitFor();
      await history.getByText(`(${stamp} #2)`).waitFor();

      // Opening it cleared the badge.
      await expect.poll(() => toolbarBadge(seller.page), { timeout: 10_000 }).toBe('');

      // Issue 25, item 10: the sender's one-time checkout reminder appears under the history, and the message that
      // set it off stays in view above it (at phone width, where the reminder takes most room).
      await send(seller.page, `Or pay me by venmo friends and family? (${stamp} venmo)`);
      await seller.page.getByRole('note').filter({ hasText: 'Reminder: on KeebMarket' }).waitFor({ timeout: 10_000 });
      await expect.poll(() => inView(history, `(${stamp} venmo)`)).toBe(true);
      await seller.page.screenshot({ path: screenshotPath('chat-reminder-phone') });

      // The answer arrives in the buyer's open conversation, and carries its item link.
      await send(seller.page, `Yes! $150 shipped. (${stamp} answer)`);
      await seller.page.screenshot({ path: screenshotPath('chat-conversation-phone') });
      await buyer.page.getByRole('list', { name: 'Messages' }).getByText(`(${stamp} answer)`).waitFor({ timeout: 15_000 });
      expect(await buyer.page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: 'Item Info' }).count()).toBeGreaterThan(0);
    } finally {
      await buyer.context.close();
      await seller.context.close();
    }
  });
});
