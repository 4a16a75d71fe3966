import sanitizeHtml from 'sanitize-html';
import { isBlogImagePath } from '@keeb/shared';
import { escapeHtml } from '../../platform/html';

/** What a link keeps: it never hands the opener to the other site, nor passes our rank to it. */
const LINK_REL = 'noopener noreferrer nofollow';
const ABSOLUTE_LINK = /^(?:https?:\/\/|mailto:)/i;

/**
 * The allowlist a post's HTML is cut down to before it is stored (what is stored is served, and the web renders
 * it as HTML): text structure, links to http(s) and mailto, and images from our own uploads only. Everything
 * else goes: scripts, styles, event handlers, frames, SVG, and any javascript:, data: or foreign-host URL.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'br', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Images: no scheme at all. A relative src passes the scheme check, so the filter below keeps only our uploads.
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Text inside a dropped <script>, <style>, <textarea>... is dropped with it; other dropped tags keep their text.
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { href, target } = attribs;
      // Absolute web and mail links only (the scheme check runs again after this, on the decoded value).
      const keepHref = href !== undefined && ABSOLUTE_LINK.test(href.trim());
      return {
        tagName,
        attribs: {
          ...(keepHref ? { href: href.trim() } : {}),
          ...(target === '_blank' ? { target } : {}),
          rel: LINK_REL,
        },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...(attribs.src === undefined ? {} : { src: attribs.src }), alt: attribs.alt ?? '' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isBlogImagePath(frame.attribs.src),
};

/** A post's HTML as it may be stored and served. */
export function sanitiseBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}


/** The plain body as paragraphs, for a post saved without HTML. */
export function paragraphsOf(body: string): string {
  return body
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br />')}</p>`)
    .join('');
}
