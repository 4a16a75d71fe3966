import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { ERROR_CODES, type ItemDetailResponse } from '@keeb/shared';
import { loginPath } from '../../../lib/return-url';
import { clearSession } from '../../../lib/session';
import { setItemSaved } from '../api/item-actions';
import { itemKeys } from '../api/keys';
import { codeOf } from '../messages';
import styles from './save-toggle.module.css';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} strokeLinejoin="round">
      <path d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.6 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.4 0 5.5 3.3 4.3 6.6-1.8 4.8-9.3 9.4-9.3 9.4z" />
    </svg>
  );
}

interface SaveToggleProps {
  itemId: string;
  saved: boolean;
  count: number;
  isLoggedIn: boolean;
}

/**
 * Save/unsave with '{n} people saved this' ('1 person saved this' for one): the count moves by one at once, and
 * back if the call fails.
 */
export function SaveToggle({ itemId, saved, count, isLoggedIn }: SaveToggleProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const key = itemKeys.detail(itemId);
  const toLogin = () => navigate(loginPath(`${location.pathname}${location.search}`));

  const toggle = useMutation({
    mutationFn: (next: boolean) => setItemSaved(itemId, next),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ItemDetailResponse>(key);
      queryClient.setQueryData<ItemDetailResponse>(key, (current) =>
        current && {
          ...current,
          item: { ...current.item, isFollowing: next, likes: Math.max(0, current.item.likes + (next ? 1 : -1)) },
        },
      );
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (codeOf(error) !== ERROR_CODES.mustLogin) return;
      // The session ended on the server: forget it here too, or /login would send a "signed-in" user home.
      void clearSession(queryClient).finally(() => void toLogin());
    },
    // The vault lists what is saved.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: itemKeys.lists, refetchType: 'none' }),
  });

  return (
    <div className={styles.save}>
      <button
        type="button"
        className={styles.button}
        aria-pressed={saved}
        aria-busy={toggle.isPending || undefined}
        onClick={() => {
          if (!isLoggedIn) void toLogin();
          else if (!toggle.isPending) toggle.mutate(!saved);
        }}
      >
        <HeartIcon filled={saved} />
        {saved ? 'Saved' : 'Save'}
      </button>
      <span className={styles.count}>{count === 1 ? '1 person saved this' : `${count} people saved this`}</span>
    </div>
  );
}
