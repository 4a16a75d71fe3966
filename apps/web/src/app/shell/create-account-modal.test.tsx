import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { createTestQueryClient, renderInRouter, seedSession } from '../../test/render-app';
import { CreateAccountModal } from './create-account-modal';

function renderModal(path: string, loggedIn: boolean) {
  const queryClient = createTestQueryClient();
  seedSession(queryClient, loggedIn ? { username: 'switchfan' } : undefined);
  return renderInRouter(<CreateAccountModal />, { path, queryClient });
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('Create An Account modal', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears 10 seconds after load for a logged-out visitor, not before', async () => {
    renderModal('/', false);

    await advance(9_900);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await advance(100);
    const dialog = screen.getByRole('dialog', { name: 'Create An Account' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (const [name, href] of [
      ['Sign Up', '/signup'],
      ['Login', '/login'],
      ['About', '/about'],
      ['Help', '/help'],
      ['Legal', '/legal'],
    ]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(window.localStorage.getItem(STORAGE_KEYS.createAccountModalShown)).toBe('true');
  });

  it('never appears for a logged-in user', async () => {
    renderModal('/', true);
    await advance(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each(['/login', '/signup'])('never appears over %s', async (path) => {
    renderModal(path, false);
    await advance(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not appear again once it was shown', async () => {
    window.localStorage.setItem(STORAGE_KEYS.createAccountModalShown, 'true');
    renderModal('/', false);
    await advance(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows once across reloads: a second load after it was shown stays quiet', async () => {
    const first = renderModal('/', false);
    await advance(10_000);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    first.unmount();

    renderModal('/', false);
    await advance(60_000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Escape', async () => {
    renderModal('/', false);
    await advance(10_000);
    await act(async () => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    renderModal('/', false);
    await advance(10_000);
    await act(async () => {
      screen.getByRole('button', { name: 'Close' }).click();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
