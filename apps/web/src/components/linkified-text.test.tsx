import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText } from './linkified-text';

function renderText(text: string) {
  const { container } = render(
    <p>
      <LinkifiedText text={text} />
    </p>,
  );
  return container.querySelector('p') as HTMLParagraphElement;
}

describe('LinkifiedText', () => {
  it('turns http(s) and www. addresses into links that open in a new tab', () => {
    renderText('See https://a.example/x?y=1 and www.b.example/z');
    expect(screen.getByRole('link', { name: 'https://a.example/x?y=1' })).toHaveAttribute('href', 'https://a.example/x?y=1');
    expect(screen.getByRole('link', { name: 'www.b.example/z' })).toHaveAttribute('href', 'https://www.b.example/z');
    for (const link of screen.getAllByRole('link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    }
  });

  it('leaves sentence punctuation after a link outside it, but keeps a closing parenthesis the link opened', () => {
    const paragraph = renderText('Photos: https://a.example/album. (https://b.example/x) https://w.example/Keyboard_(layout)');
    expect(screen.getByRole('link', { name: 'https://a.example/album' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://b.example/x' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://w.example/Keyboard_(layout)' })).toBeInTheDocument();
    expect(paragraph).toHaveTextContent('Photos: https://a.example/album. (https://b.example/x) https://w.example/Keyboard_(layout)');
  });

  it('keeps line breaks', () => {
    const paragraph = renderText('one\ntwo\r\nthree');
    expect(paragraph.querySelectorAll('br')).toHaveLength(2);
  });

  it('shows markup as text and never as elements', () => {
    const paragraph = renderText('<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>');
    expect(paragraph.querySelector('img, script')).toBeNull();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(paragraph).toHaveTextContent('<img src=x onerror="alert(1)">');
  });

  it('does not link other schemes', () => {
    renderText('javascript:alert(1) data:text/html,hi');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
