import { screen, waitFor, within } from '@testing-library/react';
import type { BlogList } from '@keeb/shared';
import { describe, expect, it } from 'vitest';
import { installFakeApi, type FakeRoute } from '../../../test/fake-api';
import { createTestQueryClient, renderApp, seedCategories, seedSession } from '../../../test/render-app';
import { makeSummary } from '../testing/fixtures';

const draftGiveaway = makeSummary({ _id: 'g1', title: 'Win a board', isPublished: false, categoryId: { _id: 'giveaway', name: 'Giveaway' }, giveaway: { canEnter: true } });
const closedGiveaway = makeSummary({ _id: 'g2', title: 'Last month’s winner', categoryId: { _id: 'giveaway', name: 'Giveaway' }, giveaway: { canEnter: false } });
const guide = makeSummary();

function setup(list: BlogList, { admin = false, extra = {} }: { admin?: boolean; extra?: Record<string, FakeRoute> } = {}) {
  const api = installFakeApi({ 'GET /blogs': { body: list }, ...extra });
  const queryClient = createTestQueryClient();
  seedSession(queryClient, { username: admin ? 'keebadmin' : 'switchfan', admin });
  seedCategories(queryClient);
  return { ...renderApp('/theblog', queryClient), api };
}

const card = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLElement;

describe('/theblog', () => {
  it("shows each post's thumbnail, category, title, author, excerpt and date, without admin buttons when p is false", async () => {
    setup({ blogs: [guide], p: false, next: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Blog' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Lubing switches' });
    const row = card('Lubing switches');
    expect(within(row).getByRole('img', { name: 'Lubing switches' })).toHaveAttribute('src', '/uploads/blog/@2x_banner.jpg');
    expect(within(row).getByRole('img', { name: 'Lubing switches' })).toHaveAttribute('loading', 'lazy');
    expect(within(row).getByText('Guides')).toBeInTheDocument();
    expect(within(row).getByText('By keebadmin')).toBeInTheDocument();
    expect(within(row).getByText('Take the housing apart first.')).toBeInTheDocument();
    expect(within(row).getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Post' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it("says 'No Blog Posts' when there are none", async () => {
    setup({ blogs: [], p: false, next: null });
    expect(await screen.findByText('No Blog Posts')).toBeInTheDocument();
  });

  it('gives admins (p true) New Post and, per post, the buttons its state allows', async () => {
    setup({ blogs: [draftGiveaway, closedGiveaway, guide], p: true, next: null }, { admin: true });
    expect(await screen.findByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/new-blog-post');
    const names = (title: string) => within(card(title)).getAllByRole('button').map((b) => b.textContent);
    expect(within(card('Win a board')).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/blog/g1/edit');
    expect(names('Win a board')).toEqual(['Publish', 'Entries', 'Close', 'Delete']);
    expect(names('Last month’s winner')).toEqual(['Entries', 'Delete']);
    expect(names('Lubing switches')).toEqual(['Delete']);
  });

  it('confirms Publish, Close and Delete before calling, and Cancel calls nothing', async () => {
    const { user, api } = setup({ blogs: [draftGiveaway], p: true, next: null }, {
      admin: true,
      extra: { 'POST /blog/g1/publish': { body: { _id: 'g1', isPublished: true } }, 'POST /blog/g1/giveaway/close': { body: {} }, 'DELETE /blog/g1/delete': { body: { _id: 'g1' } } },
    });
    await screen.findByRole('link', { name: 'Win a board' });
    for (const [button, confirmLabel, call] of [
      ['Publish', 'Publish', 'POST /blog/g1/publish'],
      ['Close', 'Close giveaway', 'POST /blog/g1/giveaway/close'],
      ['Delete', 'Delete', 'DELETE /blog/g1/delete'],
    ] as const) {
      await user.click(within(card('Win a board')).getByRole('button', { name: button }));
      let dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(api.callsTo(call)).toHaveLength(0);
      await user.click(within(card('Win a board')).getByRole('button', { name: button }));
      dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: confirmLabel }));
      await waitFor(() => expect(api.callsTo(call)).toHaveLength(1));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it('shows the entries in a table with number, full name, username, email and the total', async () => {
    const entries = [
      { number: 1, fullName: 'Jo Keeb', timeCreated: '2026-03-05T12:00:00.000Z', userId: { _id: 'u2', username: 'clackfan', email: 'jo@example.com' } },
      { number: 2, fullName: 'Sam Switch', timeCreated: '2026-03-05T13:00:00.000Z', userId: { _id: 'u3', username: 'thocky', email: 'sam@example.com' } },
    ];
    const { user } = setup({ blogs: [draftGiveaway], p: true, next: null }, { admin: true, extra: { 'GET /blog/g1/giveaway/entries': { body: entries } } });
    await user.click(within(await screen.findByRole('group', { name: 'Manage “Win a board”' })).getByRole('button', { name: 'Entries' }));
    const dialog = await screen.findByRole('dialog', { name: 'Giveaway entries' });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows.map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      [],
      ['1', 'Jo Keeb', 'clackfan', 'jo@example.com'],
      ['2', 'Sam Switch', 'thocky', 'sam@example.com'],
    ]);
    expect(within(dialog).getByText(/Total entries/)).toHaveTextContent('Total entries: 2');
  });
});
