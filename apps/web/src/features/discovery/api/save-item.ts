import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ERROR_CODES, type ItemSummary } from '@keeb/shared';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';
import { loginPath } from '../../../lib/return-url';
import { clearSession, useIsLoggedIn } from '../../../lib/session';

/** POST /item/{id}/save or /unsave (the heart on a card); answers the id. */
export async function setItemSaved(id: string, saved: boolean): Promise<void> {
  await api.post(`/item/${encodeURIComponent(id)}/${saved ? 'save' : 'unsave'}`);
}

type ListData = InfiniteData<ItemSummary[], unknown>;

/**
 * Sets the heart and moves the count by one on every cached list holding the item. Only that item's object is
 * replaced, so the memoised cards of every other item keep their props and do not re-render.
 */
function patchLists(queryClient: QueryClient, id: string, saved: boolean): void {
  queryClient.setQueriesData<ListData>({ queryKey: ['items', 'list'] }, (data) => {
    if (!data?.pages) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.some((item) => item._id === id)) return page;
      changed = true;
      return page.map((item) =>
        item._id === id && item.isFollowing !== saved
          ? { ...item, isFollowing: saved, likes: Math.max(0, item.likes + (saved ? 1 : -1)) }
          : item,
      );
    });
    return changed ? { ...data, pages } : data;
  });
}

/**
 * The cards' heart: a stable callback (so memoised cards are not re-rendered by it). Logged-out viewers go to
 * /login with the current page as returnUrl. The caches change at once and change back if the call fails.
 */
export function useToggleSave(): (item: ItemSummary) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const isLoggedIn = useIsLoggedIn();
  const pending = useRef(new Set<string>());
  const here = `${location.pathname}${location.search}`;

  const { mutate } = useMutation({
    mutationFn: ({ id, saved }: { id: string; saved: boolean }) => setItemSaved(id, saved),
    onMutate: ({ id, saved }) => {
      pending.current.add(id);
      patchLists(queryClient, id, saved);
    },
    onError: (error, { id, saved }) => {
      patchLists(queryClient, id, !saved);
      if (!isApiError(error) || error.code !== ERROR_CODES.mustLogin) return;
      // The session ended on the server: forget it here too, or /login would send a "signed-in" user home.
      void clearSession(queryClient).finally(() => void navigate(loginPath(here)));
    },
    onSettled: (_data, _error, { id }) => {
      pending.current.delete(id);
      // The vault and the item's page list what is saved; they reload when next shown.
      void queryClient.invalidateQueries({ queryKey: ['items'], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['item', id], refetchType: 'none' });
    },
  });

  // The callback stays the same object for the list's whole life; it reads the latest values from here.
  const state = useRef({ isLoggedIn, here, mutate, navigate });
  useEffect(() => {
    state.current = { isLoggedIn, here, mutate, navigate };
  });

  return useCallback((item: ItemSummary) => {
    const { isLoggedIn: loggedIn, here: current, mutate: run, navigate: go } = state.current;
    if (!loggedIn) {
      void go(loginPath(current));
      return;
    }
    if (pending.current.has(item._id)) return;
    run({ id: item._id, saved: item.isFollowing !== true });
  }, []);
}
