import { describe, expect, it } from 'vitest';
import { itemSoldMail, purchaseReceiptMail } from './mail-templates';

/** The payment mails say a sale's shipping as the screens do: 'with free shipping', never '$0 shipping' (issue 25). */
describe('payment mails', () => {
  const text = (mail: unknown) => JSON.stringify(mail);

  it('tell the seller and the buyer the price with free shipping', () => {
    const sold = text(itemSoldMail('s@example.com', 'seller', 'buyer', 'Tofu65', 15_000, 0, 'http://keeb.test/detail/1'));
    expect(sold).toContain('bought \\"Tofu65\\" for $150 with free shipping.');
    expect(sold).not.toContain('$0');
    const receipt = text(purchaseReceiptMail('b@example.com', 'buyer', 'Tofu65', 15_000, 0, 'http://keeb.test/detail/1'));
    expect(receipt).toContain('you bought \\"Tofu65\\" for $150 with free shipping.');
    expect(receipt).not.toContain('$0');
  });

  it('and with the shipping price when there is one', () => {
    expect(text(purchaseReceiptMail('b@example.com', 'buyer', 'Tofu65', 15_000, 1_250, 'http://keeb.test/detail/1'))).toContain('for $150 plus $12.50 shipping.');
  });
});
