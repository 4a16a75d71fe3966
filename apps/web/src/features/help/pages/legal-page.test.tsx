import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';

function renderLegal(path: string) {
  installFakeApi();
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  return renderApp(path, queryClient);
}

describe('legal page', () => {
  it('opens on the Terms tab with its full text, effective June 01, 2020', async () => {
    renderLegal('/legal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Legal' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Terms' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Terms' });
    expect(panel).toHaveTextContent('Terms of Service');
    expect(panel).toHaveTextContent('Effective June 01, 2020');
    expect(panel).toHaveTextContent('We are not a party to any trade');
    expect(panel).toHaveTextContent('You must be at least 13 years old');
    expect(panel).toHaveTextContent('no listing, selling or buying fees');
  });

  it('switches to Privacy and keeps it in the address, so /legal?tab=privacy opens it', async () => {
    const { user, router } = renderLegal('/legal');
    await user.click(await screen.findByRole('tab', { name: 'Privacy' }));
    expect(currentUrl(router)).toBe('/legal?tab=privacy');
    const panel = screen.getByRole('tabpanel', { name: 'Privacy' });
    expect(panel).toHaveTextContent('Privacy Policy');
    expect(panel).toHaveTextContent('Effective June 01, 2020');
    for (const fact of ['sid', 'XSRF-TOKEN', 'cookiesAccepted', 'PayPal', 'reCAPTCHA', 'followedSellerListed', 'User Not Found']) {
      expect(panel).toHaveTextContent(fact);
    }
  });

  it('opens Privacy straight from a link', async () => {
    renderLegal('/legal?tab=privacy');
    expect(await screen.findByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(5);
  });
});
