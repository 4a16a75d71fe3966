import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationCounts } from '@keeb/shared';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session';

/** POST /me/wants/seen: every match so far counts as seen (the Wants badge goes back to zero). */
export async function markWantsSeen(): Promise<void> {
  await api.post('/me/wants/seen');
}

/** The badge drops at once; the server's next `counts` push or refetch says the same. */
export function useMarkWantsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWantsSeen,
    onMutate: () => {
      queryClient.setQueryData<NotificationCounts>(sessionKeys.notificationCounts, (counts) =>
        counts ? { ...counts, numNewWantMatches: 0 } : counts,
      );
    },
  });
}
