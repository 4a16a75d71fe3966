import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, screenshotPath } from './browser';
import { useBrowser } from './journey-browser';
import { signedIn as signedInAs } from './session';

/**
 * Issue 25, item 8: Message Seller opens the item page's 'Send Message' modal (spec part 1, 2.9). The buyer sends
 * from it and stays on the item; the seller finds the message in Chats, and the buyer's link continues there.
 * At phone width and at desktop width.
 */
const baseUrl = inject('baseUrl');
const browser = useBrowser();

const SELLER = 'demo_cherry';

async function firstListingOf(seller: string): Promise<{ _id: string; name: string }> {
  const list = (await (await fetch(`${baseUrl}/api/user/${seller}/items/listed`)).json()) as Array<{ _id: string; name: string }>;
  if (!list[0]) throw new Error(`${seller} lists nothing`);
  return list[0];
}

describe('Message Seller from the item page', () => {
  it.each([
    ['phone', PHONE, 'demo_tofu', DESKTOP],
    ['desktop', DESKTOP, 'demo_thock', PHONE],
  ] as const)('at %s width: send from the modal, stay on the item, the seller reads it in Chats', { timeout: 120_000 }, async (label, viewport, buyerName, sellerViewport) => {
    const item = await firstListingOf(SELLER);
    const buyer = await signedInAs(browser(), baseUrl, buyerName, viewport);
    const seller = await signedInAs(browser(), baseUrl, SELLER, sellerViewport);
    try {
      const itemPath = `/detail/${item._id}`;
      await buyer.page.goto(`${baseUrl}${itemPath}`);
      await buyer.page.getByRole('button', { name: 'Message Seller' }).waitFor();
      // The cookie banner accepted, so that the screenshots show the page under it.
      const accept = buyer.page.getByRole('button', { name: 'Accept', exact: true });
      if (await accept.isVisible()) await accept.click();
      await buyer.page.getByRole('button', { name: 'Message Seller' }).click();
      const modal = buyer.page.getByRole('dialog', { name: 'Send Message' });
      const text = modal.getByRole('textbox', { name: 'Message' });
      const send = modal.getByRole('button', { name: 'Send' });
      // Spec 5: only whitespace is no message.
      await text.fill('   ');
      expect(await send.isDisabled()).toBe(true);
      const message = `Is the ${item.name} still available? (${label} ${Date.now().toString(36)})`;
      await text.fill(message);
      // The phone's keyboard-up layout: the modal and its Send button fit the screen.
      const box = await send.boundingBox();
      expect(box && box.y + box.height <= viewport.height).toBe(true);
      await buyer.page.screenshot({ path: screenshotPath(`message-seller-modal-${label}`) });

      await send.click();
      await modal.getByText(`Message sent to ${SELLER}.`).waitFor();
      expect(new URL(buyer.page.url()).pathname).toBe(itemPath);
      await buyer.page.screenshot({ path: screenshotPath(`message-seller-sent-${label}`) });

      // The seller finds it in Chats, with its item.
      await seller.page.goto(`${baseUrl}/chats`);
      const row = seller.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(buyerName) });
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain(message);
      await row.click();
      const history = seller.page.getByRole('list', { name: 'Messages' });
      const line = history.getByRole('listitem').filter({ hasText: message });
      await line.waitFor();
      expect(await line.getByRole('link', { name: 'Item Info' }).getAttribute('href')).toBe(itemPath);

      // The buyer's link continues the conversation in Chats.
      await modal.getByRole('link', { name: 'Continue in Chats' }).click();
      await buyer.page.waitForURL((url) => url.pathname.startsWith('/chats/messages/'));
      await buyer.page.getByRole('list', { name: 'Messages' }).getByText(message).waitFor();
    } finally {
      await buyer.context.close();
      await seller.context.close();
    }
  });
});
