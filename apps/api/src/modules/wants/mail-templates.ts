import { formatPrice, newMatchText, WANT_LIMITS } from '@keeb/shared';
import { escapeHtml as escape } from '../../platform/html';
import type { MailMessage } from '../../adapters/mail/mail';

const usd = (cents: number) => formatPrice(cents / 100);

interface Link {
  label: string;
  url: string;
}

/** A notice with a list of links (a digest's listings) and the links to act on, as text and simple HTML. */
function listMail(to: string, subject: string, lines: string[], entries: Link[], more: string | undefined, actions: Link[]): MailMessage {
  const text = [
    ...lines,
    ...(entries.length ? [entries.map((e) => `- ${e.label}: ${e.url}`).join('\n')] : []),
    ...(more ? [more] : []),
    ...actions.map((a) => `${a.label}: ${a.url}`),
    '- KeebMarket',
  ].join('\n\n');
  const html =
    `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#1a1a2e">` +
    lines.map((l) => `<p>${escape(l)}</p>`).join('') +
    (entries.length ? `<ul>${entries.map((e) => `<li><a href="${escape(e.url)}">${escape(e.label)}</a></li>`).join('')}</ul>` : '') +
    (more ? `<p>${escape(more)}</p>` : '') +
    actions.map((a) => `<p><a href="${escape(a.url)}">${escape(a.label)}</a></p>`).join('') +
    `<p>- KeebMarket</p></div>`;
  return { to, subject, text, html };
}

/** The price a match was made at, when shipping to the buyer adds to the listing's. */
const withShipping = (itemCents: number, matchedCents: number) => (matchedCents !== itemCents ? ` (${usd(matchedCents)} with shipping to you)` : '');

const WHY = 'You get these alerts for the wants you saved; pause them, or choose one daily digest instead, from your Wants.';

/** The instant alert: one listing matched one want ('New match for {want}'). */
export function wantMatchMail(
  to: string,
  username: string,
  label: string,
  item: { name: string; priceCents: number; url: string },
  matchedPriceCents: number,
  wantsUrl: string,
): MailMessage {
  return listMail(
    to,
    newMatchText(label),
    [`Hi ${username}, "${item.name}" was just listed for ${usd(item.priceCents)}${withShipping(item.priceCents, matchedPriceCents)} and matches your want "${label}".`, WHY],
    [],
    undefined,
    [
      { label: 'See the listing', url: item.url },
      { label: 'Your wants', url: wantsUrl },
    ],
  );
}

/** Listings a digest names one by one; the rest are counted. */
export const DIGEST_MAX_ENTRIES = 50;

/** The daily digest: every match held for the user since their last one. */
export function wantDigestMail(
  to: string,
  username: string,
  entries: Array<{ label: string; itemName: string; itemPriceCents: number; matchedPriceCents: number; url: string }>,
  wantsUrl: string,
): MailMessage {
  const shown = entries.slice(0, DIGEST_MAX_ENTRIES);
  const rest = entries.length - shown.length;
  const count = entries.length === 1 ? '1 new listing matches' : `${entries.length} new listings match`;
  return listMail(
    to,
    `${count} your wants`,
    [`Hi ${username}, since your last digest ${count} your wants:`],
    shown.map((e) => ({ label: `${e.itemName}, ${usd(e.itemPriceCents)}${withShipping(e.itemPriceCents, e.matchedPriceCents)} for "${e.label}"`, url: e.url })),
    rest > 0 ? `and ${rest} more.` : undefined,
    [{ label: 'See all your matches', url: wantsUrl }],
  );
}

/** The reminder a week before a want lapses. */
export function wantExpiryMail(to: string, username: string, label: string, expiresAt: Date, wantsUrl: string): MailMessage {
  const day = expiresAt.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return listMail(
    to,
    `Your want for ${label} lapses soon`,
    [`Hi ${username}, your want "${label}" lapses on ${day}. After that it no longer alerts you to new listings. Renew it to keep it for another ${WANT_LIMITS.lifetimeDays} days.`],
    [],
    undefined,
    [{ label: 'Renew it in your Wants', url: wantsUrl }],
  );
}
