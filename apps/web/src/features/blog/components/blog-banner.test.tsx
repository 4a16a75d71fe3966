import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferredReply } from '../../../test/deferred';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, renderInRouter, seedCategories, seedSession } from '../../../test/render-app';
import { makeSummary } from '../testing/fixtures';
import { BlogBanner } from './blog-banner';

const recent = [makeSummary({ _id: 'g1', title: 'Win a board', categoryId: { _id: 'giveaway', name: 'Giveaway' } }), makeSummary({ _id: 'p2', title: 'Older guide' })];

describe('home feed blog banner', () => {
  it('links the most recent post to /allthemech/{id}, with a lazy image of fixed size, on the home feed', async () => {
    installFakeApi({ 'GET /banner-blogs': { body: recent }, 'GET /items': { body: [] } });
    const queryClient = createTestQueryClient();
    seedSession(queryClient);
    seedCategories(queryClient);
    renderApp('/', queryClient);
    const banner = await screen.findByRole('region', { name: 'From the blog' });
    const links = within(banner).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/allthemech/g1');
    expect(links[0]).toHaveTextContent('Win a board');
    // Phones swipe through the others (a carousel); desktop CSS shows only the first.
    expect(links[1]).toHaveAttribute('href', '/allthemech/p2');
    const image = links[0]!.querySelector('img');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '550');
    expect(image).toHaveAttribute('height', '300');
  });

  it('is not on a category page', async () => {
    const api = installFakeApi({ 'GET /banner-blogs': { body: recent }, 'GET /items': { body: [] } });
    const queryClient = createTestQueryClient();
    seedSession(queryClient);
    seedCategories(queryClient);
    renderApp('/items/keycaps', queryClient);
    await screen.findByRole('heading', { level: 1, name: 'Keycaps' });
    expect(screen.queryByRole('region', { name: 'From the blog' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /banner-blogs')).toHaveLength(0);
  });

  it('holds its space while loading, and takes none when no post is recent', async () => {
    const reply = deferredReply();
    installFakeApi({ 'GET /banner-blogs': reply.route });
    const { container } = renderInRouter(<BlogBanner />);
    await waitFor(() => expect(container.querySelector('[aria-hidden="true"]')).toBeInTheDocument());
    reply.release({ body: [] });
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
