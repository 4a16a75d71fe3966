import { screen, waitFor } from '@testing-library/react';
import type { ItemDetail } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';

function open(item: ItemDetail) {
  installFakeApi({ [`GET /item/${item._id}`]: { body: detailResponse(item) }, 'GET /items': { body: [] } });
  const queryClient = createTestQueryClient();
  seedSession(queryClient);
  seedCategories(queryClient);
  return renderApp(`/vendor/product/${item._id}`, queryClient);
}

describe('/vendor/product/{id}', () => {
  it("shows a vendor product's detail page, the document titled 'Product Details' (spec 2.1)", async () => {
    const { router } = open(makeItem({ _id: 'v1', name: 'Vendor GMK Red Samurai', saleTypeId: 'vendor' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor GMK Red Samurai' })).toBeInTheDocument();
    // The route's title shows while loading too: it must still be the title once the product is shown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.title).toBe('Product Details');
    expect(currentUrl(router)).toBe('/vendor/product/v1');
  });

  it("sends a listing that is not a vendor product to its own page, /detail/{id}", async () => {
    const { router } = open(makeItem({ _id: 'i7', name: 'Tofu65 from a person', saleTypeId: 'individual' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/detail/i7'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tofu65 from a person' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Tofu65 from a person'));
  });
});
