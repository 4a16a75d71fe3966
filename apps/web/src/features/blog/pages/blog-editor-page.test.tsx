import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BLOG_CATEGORIES } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, currentUrl, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makePost } from '../testing/fixtures';

function setup(path: string, extra: Record<string, FakeRoute> = {}) {
  const api = installFakeApi({
    'GET /blog/c/get': { body: BLOG_CATEGORIES.map(({ _id, name }) => ({ _id, name })) },
    'POST /blog/image-upload': { body: { url: '/uploads/blog/0123456789abcdef01234567.jpg' } },
    ...extra,
  });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: 'keebadmin', admin: true });
  seedCategories(queryClient);
  return { ...renderApp(path, queryClient), api };
}

/** Post ids are UUIDs: the form checks the _id it sends like the server does. */
const ID = '0b9a4f8e-6a55-4c1e-9d3c-2f1f0e1d2c3b';
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'banner.png', { type: 'image/png' });

/**
 * jsdom lays nothing out, so ProseMirror cannot map clicks and keys to positions: the text goes in as the browser's
 * own typing would leave it (a DOM change that ProseMirror's observer reads back into the document).
 */
function typeIntoEditor(editor: HTMLElement, text: string) {
  const paragraph = editor.querySelector('p') ?? editor.appendChild(document.createElement('p'));
  paragraph.textContent = text;
  fireEvent.input(editor);
}

describe('/new-blog-post', () => {
  it("checks in the spec's order before sending anything: category, banner, title, content", async () => {
    const { user, api } = setup('/new-blog-post');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create A New Blog Post' })).toBeInTheDocument();
    const select = await screen.findByLabelText('Category');
    expect((select as HTMLSelectElement).options[0]?.textContent).toBe('Select Category');
    await screen.findByRole('option', { name: 'Giveaway' });
    const save = screen.getByRole('button', { name: 'Save' });

    await user.click(save);
    expect(await screen.findByText('Category Required')).toBeInTheDocument();
    await user.selectOptions(select, 'giveaway');
    await user.click(save);
    expect(await screen.findByText('Missing banner image')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Banner image'), png());
    expect(await screen.findByRole('img', { name: 'Banner preview' })).toHaveAttribute('src', '/uploads/blog/@2x_0123456789abcdef01234567.jpg');
    await user.click(save);
    expect(await screen.findByText('Missing Title')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), 'Win a board');
    await user.click(save);
    expect(await screen.findByText('Missing Content')).toBeInTheDocument();
    expect(api.callsTo('POST /blog')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it("after the first save becomes the post's editor (/blog/{id}/edit, 'Edit Blog Post'); once published, Publish goes", async () => {
    const { user, api, router } = setup('/new-blog-post', {
      'POST /blog': (request) => ({ body: makePost({ ...(request.body as object), _id: ID, categoryId: { _id: 'giveaway', name: 'Giveaway' }, isPublished: false }) }),
      [`GET /blog/${ID}/edit`]: { body: makePost({ _id: ID, title: 'Win a board', categoryId: { _id: 'giveaway', name: 'Giveaway' }, isPublished: false }) },
      [`POST /blog/${ID}/publish`]: { body: { _id: ID, isPublished: true } },
    });
    await screen.findByRole('option', { name: 'Giveaway' });
    await user.selectOptions(screen.getByLabelText('Category'), 'giveaway');
    await user.upload(screen.getByLabelText('Banner image'), png());
    await screen.findByRole('img', { name: 'Banner preview' });
    await user.type(screen.getByLabelText('Title'), 'Win a board');
    typeIntoEditor(screen.getByRole('textbox', { name: 'Content' }), 'One entry per account.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe(`/blog/${ID}/edit`));
    expect(screen.getByText('Post saved')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Win a board');
    expect(api.callsTo('POST /blog')).toHaveLength(1);
    expect(api.callsTo('POST /blog')[0]?.body).not.toHaveProperty('_id');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Post published')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    // Saving again updates the same post.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /blog')).toHaveLength(2));
    expect(api.callsTo('POST /blog')[1]?.body).toMatchObject({ _id: ID });
  });

  it("adds no <style> element to the page: the CSP (style-src 'self') refuses inline styles", async () => {
    setup('/new-blog-post');
    await screen.findByRole('textbox', { name: 'Content' });
    expect(document.querySelectorAll('style')).toHaveLength(0);
  });

  it('takes only JPEG or PNG as the banner (550x300 suggested)', async () => {
    const { api } = setup('/new-blog-post');
    const input = await screen.findByLabelText('Banner image');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    expect(screen.getByText(/550x300 suggested/)).toBeInTheDocument();
    // Past the file dialog's filter (a drop, or "All files"): the form still refuses it.
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /blog/image-upload')).toHaveLength(0);
  });
});

describe('/blog/:id/edit', () => {
  it("saves the loaded post with its _id ('Post saved'), then shows Publish ('Post published')", async () => {
    const post = makePost({ _id: ID, isPublished: false });
    const { user, api } = setup(`/blog/${ID}/edit`, {
      [`GET /blog/${ID}/edit`]: { body: post },
      'POST /blog': (request) => ({ body: { ...post, ...(request.body as object) } }),
      [`POST /blog/${ID}/publish`]: { body: { _id: ID, isPublished: true } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Lubing switches')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('guides'));
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Post saved')).toBeInTheDocument();
    expect(api.callsTo('POST /blog')[0]?.body).toEqual({
      _id: ID,
      categoryId: 'guides',
      thumbnail: '/uploads/blog/banner.jpg',
      title: 'Lubing switches',
      body: 'Take the housing apart first.',
      bodyHTML: '<p>Take the housing <strong>apart</strong> first.</p>',
    });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Post published')).toBeInTheDocument();
    expect(api.callsTo(`POST /blog/${ID}/publish`)).toHaveLength(1);
  });

  it("says 'Unable to save' and 'Unable to publish' when the calls fail", async () => {
    let saves = 0;
    const post = makePost({ _id: ID, isPublished: false });
    const { user } = setup(`/blog/${ID}/edit`, {
      [`GET /blog/${ID}/edit`]: { body: post },
      'POST /blog': () => (saves++ === 0 ? { status: 500, body: { message: 'something_went_wrong' } } : { body: post }),
      [`POST /blog/${ID}/publish`]: { status: 500, body: { message: 'something_went_wrong' } },
    });
    await screen.findByDisplayValue('Lubing switches');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unable to save')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Unable to publish')).toBeInTheDocument();
  });

  it('offers no Publish after saving a post that is already published', async () => {
    const post = makePost({ _id: ID, isPublished: true });
    const { user } = setup(`/blog/${ID}/edit`, { [`GET /blog/${ID}/edit`]: { body: post }, 'POST /blog': { body: post } });
    await screen.findByDisplayValue('Lubing switches');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Post saved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it("maps the server's save codes to the spec's texts", async () => {
    const { user } = setup(`/blog/${ID}/edit`, { [`GET /blog/${ID}/edit`]: { body: makePost({ _id: ID }) }, 'POST /blog': { status: 400, body: { message: 'content_required', field: 'body' } } });
    await screen.findByDisplayValue('Lubing switches');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Missing Content')).toBeInTheDocument();
  });
});
