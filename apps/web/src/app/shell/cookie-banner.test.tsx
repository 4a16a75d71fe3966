import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { renderInRouter } from '../../test/render-app';
import { CookieBanner } from './cookie-banner';

describe('cookie banner', () => {
  it('shows until accepted, then remembers the acceptance across loads', async () => {
    const first = renderInRouter(<CookieBanner />);
    const banner = screen.getByRole('region', { name: 'Cookie notice' });
    expect(banner).toHaveTextContent('We use cookies');

    await first.user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.cookiesAccepted)).toBe('true');
    first.unmount();

    renderInRouter(<CookieBanner />);
    expect(screen.queryByRole('region', { name: 'Cookie notice' })).not.toBeInTheDocument();
  });

  it('shows on a first visit', () => {
    renderInRouter(<CookieBanner />);
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });
});
