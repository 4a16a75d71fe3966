import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionKeys } from '../../lib/session';

/** Spec 2.2: returning to the tab reloads the user info (session, admin flag, profile stats, counts). */
export function useReloadUserInfoOnVisible(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [queryClient]);
}
