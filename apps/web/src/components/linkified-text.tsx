import { Fragment, type ReactNode } from 'react';

/** http(s) addresses and bare www. ones, up to the next whitespace or angle bracket. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
/** Sentence punctuation right after a link belongs to the sentence, not the address. */
const TRAILING = /[.,;:!?'")\]]+$/;

function linkNodes(line: string, keyPrefix: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(LINK)) {
    const start = match.index;
    let text = match[0];
    const trailing = TRAILING.exec(text)?.[0] ?? '';
    // Keep a closing parenthesis that closes one opened inside the link (wikipedia-style addresses).
    const keepParen = trailing.startsWith(')') && text.includes('(');
    if (trailing && !keepParen) text = text.slice(0, -trailing.length);
    if (start > last) nodes.push(line.slice(last, start));
    const href = /^www\./i.test(text) ? `https://${text}` : text;
    nodes.push(
      <a key={`${keyPrefix}-${start}`} href={href} target="_blank" rel="noopener noreferrer nofollow ugc">
        {text}
      </a>,
    );
    last = start + text.length;
  }
  if (last < line.length) nodes.push(line.slice(last));
  return nodes;
}

/**
 * User-written text (descriptions, comments, messages) as React nodes: addresses become links that open in a
 * new tab, line breaks stay. Everything else is text, so markup in it is shown, never interpreted.
 */
export function LinkifiedText({ text }: { text: string }) {
  const lines = text.split(/\r\n|\r|\n/);
  return (
    <>
      {lines.map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {linkNodes(line, String(index))}
        </Fragment>
      ))}
    </>
  );
}
