import { escapeHtml as escape } from '../../platform/html';
import type { MailMessage } from '../../adapters/mail/mail';

/**
 * Product news as text and HTML. The admin's body is plain text: blank lines separate paragraphs and single line
 * breaks are kept; in the HTML part every character of it is escaped, so markup in the body shows as written.
 */
export function updatesMail(to: string, username: string, subject: string, body: string, settingsUrl: string): MailMessage {
  const paragraphs = body.split(/\r?\n\s*\r?\n/).map((p) => p.trim()).filter(Boolean);
  const footer = `You get product news from KeebMarket because you turned on "updates" in your email preferences. Turn it off in Settings: ${settingsUrl}`;
  const text = [`Hi ${username},`, ...paragraphs, '- KeebMarket', footer].join('\n\n');
  const html =
    `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;color:#1a1a2e">` +
    `<p>Hi ${escape(username)},</p>` +
    paragraphs.map((p) => `<p>${p.split(/\r?\n/).map(escape).join('<br>')}</p>`).join('') +
    `<p>- KeebMarket</p>` +
    `<p style="font-size:12px;color:#666">You get product news from KeebMarket because you turned on "updates" in your email preferences. ` +
    `<a href="${escape(settingsUrl)}">Turn it off in Settings</a>.</p></div>`;
  return { to, subject, text, html };
}
