import { escapeHtml as escape } from '../../platform/html';
import type { MailMessage } from './mail';

/** A plain notice: a few paragraphs and an optional link, as text and as simple HTML (every module's notices). */
export function noticeMail(to: string, subject: string, lines: string[], link?: { label: string; url: string }): MailMessage {
  const text = [...lines, ...(link ? [`${link.label}: ${link.url}`] : []), '- KeebMarket'].join('\n\n');
  const html =
    `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;color:#1a1a2e">` +
    lines.map((l) => `<p>${escape(l)}</p>`).join('') +
    (link ? `<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>` : '') +
    `<p>- KeebMarket</p></div>`;
  return { to, subject, text, html };
}
