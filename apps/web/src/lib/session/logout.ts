import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Session } from '@keeb/shared';
import { useNavigate } from 'react-router-dom';
import { api } from '../api';
import { sessionKeys } from './keys';

export async function logout(): Promise<void> {
  await api.post('/logout');
}

/** Forgets the signed-in user at once, then asks the server to confirm. */
export async function clearSession(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({
    queryKey: sessionKeys.all,
    predicate: (query) => query.queryKey[1] !== sessionKeys.status[1],
  });
  queryClient.setQueryData<Session>(sessionKeys.status, { isLoggedIn: false });
  await queryClient.invalidateQueries({ queryKey: sessionKeys.status });
}

/** Logs out, goes to the home page, then refreshes the session (spec 2.2). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      await navigate('/');
      await clearSession(queryClient);
    },
  });
}
