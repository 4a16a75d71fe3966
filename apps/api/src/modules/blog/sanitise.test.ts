import { describe, expect, it } from 'vitest';
import { paragraphsOf, sanitiseBlogHtml } from './sanitise';

const REL = 'rel="noopener noreferrer nofollow"';

describe('sanitiseBlogHtml', () => {
  it('keeps the allowlist: paragraphs, headings, emphasis, lists, quotes, code, line breaks, links and our images', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p>a <strong>b</strong> <b>c</b> <em>d</em> <i>e</i><br></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<blockquote>q</blockquote><pre><code>x = 1</code></pre><p><a href="https://keeb.example/a?b=1">l</a> <a href="mailto:hi@keeb.example">m</a></p>' +
      '<img src="/uploads/blog/abc.jpg" alt="A board"><img src="/uploads/demo/@2x_01-board-1.jpg">';
    expect(sanitiseBlogHtml(html)).toBe(
      '<h2>Title</h2><h3>Sub</h3><p>a <strong>b</strong> <b>c</b> <em>d</em> <i>e</i><br /></p><ul><li>one</li></ul><ol><li>two</li></ol>' +
        `<blockquote>q</blockquote><pre><code>x = 1</code></pre><p><a href="https://keeb.example/a?b=1" ${REL}>l</a> <a href="mailto:hi@keeb.example" ${REL}>m</a></p>` +
        '<img src="/uploads/blog/abc.jpg" alt="A board" /><img src="/uploads/demo/@2x_01-board-1.jpg" alt="" />',
    );
  });

  it.each([
    ['a script', '<p>hi</p><script>alert(1)</script>', '<p>hi</p>'],
    ['a script in capitals', '<SCRIPT SRC="https://evil.example/x.js"></SCRIPT><p>ok</p>', '<p>ok</p>'],
    ['an onerror handler', '<img src="/uploads/blog/a.jpg" onerror="alert(1)">', '<img src="/uploads/blog/a.jpg" alt="" />'],
    ['an onclick handler', '<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['an unquoted handler on a broken image', '<img src=x onerror=alert(1)>', ''],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', `<a ${REL}>x</a>`],
    ['a javascript: link in mixed case with spaces', '<a href="  JaVaScRiPt:alert(1)">x</a>', `<a ${REL}>x</a>`],
    ['a javascript: link with an entity-encoded tab', '<a href="jav&#x09;ascript:alert(1)">x</a>', `<a ${REL}>x</a>`],
    ['a javascript: link with encoded letters', '<a href="&#106;&#97;vascript:alert(1)">x</a>', `<a ${REL}>x</a>`],
    ['a javascript: link with a newline', '<a href="java\nscript:alert(1)">x</a>', `<a ${REL}>x</a>`],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', `<a ${REL}>x</a>`],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', `<a ${REL}>x</a>`],
    ['a relative link', '<a href="/\\evil.example">x</a>', `<a ${REL}>x</a>`],
    ['svg with onload', '<svg onload="alert(1)"><circle r="4"></circle></svg><p>ok</p>', '<p>ok</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>ok</p>', '<p>ok</p>'],
    ['a style element', '<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['nested script brackets', '<<script>alert(1)//<</script>', '&lt;'],
    ['a script split by a tag', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['an unclosed tag', '<p>open <strong>bold', '<p>open <strong>bold</strong></p>'],
    ['an unclosed img with a handler', '<img src="/uploads/blog/a.jpg" onerror="alert(1)"', ''],
    ['a data: image', '<img src="data:image/png;base64,iVBORw0KGgo=">', ''],
    ['a foreign image host', '<img src="https://evil.example/a.jpg">', ''],
    ['a protocol-relative image', '<img src="//evil.example/a.jpg">', ''],
    ['an image path leaving the uploads', '<img src="/uploads/blog/../../etc/passwd.jpg">', ''],
    ['an image of our own site outside the uploads', '<img src="/api/me/account">', ''],
    ['a form', '<form action="https://evil.example"><input name="password"><button>Go</button></form>', 'Go'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>ok</p>', '<p>ok</p>'],
    ['a base tag', '<base href="https://evil.example/"><p>ok</p>', '<p>ok</p>'],
  ])('removes %s', (_name, html, expected) => {
    expect(sanitiseBlogHtml(html)).toBe(expected);
  });

  it('forces rel on every link and keeps target only as _blank', () => {
    expect(sanitiseBlogHtml('<a href="https://a.example" target="_top" rel="opener">x</a>')).toBe(`<a href="https://a.example" ${REL}>x</a>`);
    expect(sanitiseBlogHtml('<a href="https://a.example" target="_blank">x</a>')).toBe(`<a href="https://a.example" target="_blank" ${REL}>x</a>`);
  });

  it('escapes the plain body into paragraphs', () => {
    expect(paragraphsOf('One <script>x</script>\nline\n\n  Two ')).toBe('<p>One &lt;script&gt;x&lt;/script&gt;<br />line</p><p>Two</p>');
  });
});
