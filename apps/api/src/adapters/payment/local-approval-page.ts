import { createHash } from 'node:crypto';
import { centsToDollars, formatPrice, formatShipping } from '@keeb/shared';
import { escapeHtml } from '../../platform/html';
import { XSRF_FORM_FIELD } from '../../platform/xsrf';
import { addressFieldset, type AddressFormError, type AddressFormValues } from './local-address-form';
import type { LocalOrder } from './local';
import type { ShippingAddress } from './provider';

/**
 * One small stylesheet inside the page (nothing else to serve or cache); allowed by its hash in the page's own
 * CSP. Readable from 320 px up: one column, large touch targets, full-width buttons in
 * reading order (Pay Now first).
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1f;background:#f3f4f6}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:12px;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.note{margin:0 0 1rem;padding:.5rem .75rem;border-radius:8px;background:#fff4d6;color:#5c4400;font-size:.875rem}
h1{font-size:1.375rem;margin:0 0 1rem}
dl{margin:0 0 1.25rem}
dl div{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px solid #e5e7eb}
dt{color:#4b5563;white-space:nowrap}
dd{margin:0;text-align:right;font-weight:600;overflow-wrap:anywhere}
dl .total{border-bottom:0;font-size:1.125rem}
.actions{display:flex;flex-direction:column;gap:.75rem}
button{font:inherit;font-weight:600;min-height:48px;border-radius:24px;cursor:pointer;padding:.625rem 1rem}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.pay{background:#0b57d0;color:#fff;border:0}
.pay:hover{background:#0842a0}
.cancel{background:#fff;color:#0b57d0;border:2px solid #0b57d0}
.ship{border:0;margin:0 0 1.25rem;padding:0}
legend{font-weight:600;font-size:1.125rem;padding:0;margin-bottom:.5rem}
.field{margin-bottom:.75rem}
label{display:block;font-size:.875rem;color:#374151;margin-bottom:.25rem}
input,select{font:inherit;width:100%;min-height:44px;padding:.5rem .75rem;border:1px solid #9ca3af;border-radius:8px;background:#fff;color:inherit}
input:focus-visible,select:focus-visible{outline:3px solid #1d4ed8;outline-offset:1px}
[aria-invalid=true]{border-color:#b91c1c}
.error{margin:.25rem 0 0;color:#b91c1c;font-size:.875rem}
@media (min-width:600px){main{padding-top:3rem}}
`.trim();
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/** The page's CSP: nothing but its own style, forms posting to us, and the redirects after them (form-action covers those). */
export function approvalPagePolicy(order: LocalOrder): string {
  const origins = new Set<string>();
  for (const url of [order.returnUrl, order.cancelUrl]) {
    try {
      if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
    } catch {
      // A URL that does not parse adds no origin; the redirect to it stays within 'self' or is refused.
    }
  }
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    `form-action 'self'${[...origins].map((o) => ` ${o}`).join('')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** What the address form shows: the values to fill it with, and an error from the last post. */
export interface ApprovalAddress {
  values: AddressFormValues | ShippingAddress | null | undefined;
  error?: AddressFormError;
}

/**
 * The stand-in's approval page: payee, item, amounts, where to ship, and Pay Now / Cancel posting back with the
 * XSRF token. Once paid, the address is shown, no longer asked for. `address` null: the viewer is not the buyer
 * (issue 36): no address at all, and a note instead of the buttons.
 */
export function approvalPage(order: LocalOrder, action: string, xsrfToken: string, address: ApprovalAddress | null = { values: null }): string {
  const money = (cents: number) => escapeHtml(formatPrice(centsToDollars(cents)));
  const paid = order.status === 'COMPLETED';
  const title = paid ? 'This payment is complete' : 'Review your payment';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title} - local payment stand-in</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<p class="note" role="note">Local payment stand-in: PayPal is not configured on this server, so no money moves.</p>
<h1>${title}</h1>
<dl>
<div><dt>Pay to</dt><dd>${escapeHtml(order.payeeEmail)}</dd></div>
<div><dt>Item</dt><dd>${escapeHtml(order.itemName)}</dd></div>
<div><dt>Item price</dt><dd>${money(order.itemTotalCents)}</dd></div>
<div><dt>Shipping</dt><dd>${escapeHtml(formatShipping(centsToDollars(order.shippingCents)))}</dd></div>
${address && paid && order.shipping ? `<div><dt>Ship to</dt><dd>${escapeHtml(oneLine(order.shipping))}</dd></div>\n` : ''}<div class="total"><dt>Total</dt><dd>${money(order.itemTotalCents + order.shippingCents)} ${escapeHtml(order.currency)}</dd></div>
</dl>
${address ? form(order, action, xsrfToken, address) : paid ? '' : '<p class="note" role="note">Sign in as the buyer to pay.</p>'}
</div>
</main>
</body>
</html>
`;
}

function form(order: LocalOrder, action: string, xsrfToken: string, address: ApprovalAddress): string {
  const paid = order.status === 'COMPLETED';
  return `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="${XSRF_FORM_FIELD}" value="${escapeHtml(xsrfToken)}">
${paid ? '' : `${addressFieldset(address.values, address.error)}\n`}<div class="actions">
<button type="submit" name="action" value="pay" class="pay">${paid ? 'Return to KeebMarket' : 'Pay Now'}</button>
${paid ? '' : '<button type="submit" name="action" value="cancel" class="cancel">Cancel</button>'}
</div>
</form>`;
}

const oneLine = (a: ShippingAddress) => [a.name, a.line1, a.line2, a.city, a.region, a.postalCode, a.country].filter(Boolean).join(', ');
