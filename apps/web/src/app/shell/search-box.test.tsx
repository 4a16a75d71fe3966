import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderInRouter } from '../../test/render-app';
import { SearchBox } from './search-box';
import { searchTarget } from './search-target';

const ROUTE_PATHS = [
  '/items/search/:searchText',
  '/items/:categoryId/search/:searchText',
  '/items/:categoryId',
  '/vendor/products/search/:searchText',
];

function renderSearch(path: string) {
  return renderInRouter(<SearchBox />, { path, routePaths: ROUTE_PATHS });
}

describe('search box', () => {
  it('has an accessible name', () => {
    renderSearch('/');
    expect(screen.getByRole('searchbox', { name: 'Search items' })).toBeInTheDocument();
  });

  it('searches all items from the home feed', async () => {
    const { user, router } = renderSearch('/');
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), '  gmk olivia {Enter}');
    expect(currentUrl(router)).toBe('/items/search/gmk%20olivia');
  });

  it('stays inside the category when searching from a category', async () => {
    const { user, router } = renderSearch('/items/keycaps');
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'olivia{Enter}');
    expect(currentUrl(router)).toBe('/items/keycaps/search/olivia');
  });

  it('stays inside the category when searching again from category results, showing the current term', async () => {
    const { user, router } = renderSearch('/items/keycaps/search/olivia');
    const box = screen.getByRole('searchbox', { name: 'Search items' });
    expect(box).toHaveValue('olivia');
    await user.clear(box);
    await user.type(box, 'botanical{Enter}');
    expect(currentUrl(router)).toBe('/items/keycaps/search/botanical');
  });

  it('searches vendor products on vendor pages', async () => {
    const { user, router } = renderSearch('/vendor/products');
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'switches{Enter}');
    expect(currentUrl(router)).toBe('/vendor/products/search/switches');
  });

  it('does nothing for blank or whitespace-only text', async () => {
    const { user, router } = renderSearch('/items/keycaps');
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), '   {Enter}');
    expect(currentUrl(router)).toBe('/items/keycaps');
  });

  it('goes home for an empty search from a results page', async () => {
    const { user, router } = renderSearch('/items/search/olivia');
    const box = screen.getByRole('searchbox', { name: 'Search items' });
    await user.clear(box);
    await user.type(box, '{Enter}');
    expect(currentUrl(router)).toBe('/');
  });

  it('has a clear button that empties the box and keeps focus in it', async () => {
    const { user, router } = renderSearch('/');
    const box = screen.getByRole('searchbox', { name: 'Search items' });
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

    await user.type(box, 'artisan');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));

    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    expect(currentUrl(router)).toBe('/');
  });
});

describe('searchTarget', () => {
  it.each([
    ['/', 'gmk', '/items/search/gmk'],
    ['/detail/abc', 'gmk', '/items/search/gmk'],
    ['/items/search/old', 'new', '/items/search/new'],
    ['/items/keyboards', 'tofu 65', '/items/keyboards/search/tofu%2065'],
    ['/items/keyboards/search/old', 'new', '/items/keyboards/search/new'],
    ['/vendor/product/p1', 'lube', '/vendor/products/search/lube'],
    ['/', 'a/b?c', '/items/search/a%2Fb%3Fc'],
    ['/items/search/old', '  ', '/'],
    ['/items/keyboards/search/old', '', '/'],
    ['/vendor/products/search/old', '', '/'],
  ])('from %s with %j goes to %s', (pathname, text, expected) => {
    expect(searchTarget(pathname, text)).toBe(expected);
  });

  it.each(['/', '/items/keyboards', '/vendor/products', '/u/search'])('ignores blank text on %s', (pathname) => {
    expect(searchTarget(pathname, ' \t ')).toBeNull();
  });
});
