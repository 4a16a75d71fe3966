import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { detailResponse, makeItem } from '../testing/fixtures';

describe('/vendor/product/{id}', () => {
  it("shows the listing's detail page, titled by its name", async () => {
    const item = makeItem({ _id: 'v1', name: 'Vendor GMK Red Samurai' });
    installFakeApi({ 'GET /item/v1': { body: detailResponse(item) } });
    const queryClient = createTestQueryClient();
    seedSession(queryClient);
    seedCategories(queryClient);
    renderApp('/vendor/product/v1', queryClient);

    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor GMK Red Samurai' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Vendor GMK Red Samurai'));
  });
});
