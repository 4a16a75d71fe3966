import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Want, WantUpdate } from '@keeb/shared';
import { api } from '../../../lib/api';
import { wantKeys } from './keys';

/** PUT /me/wants/{id}: changed fields, `paused` to pause or resume, `renew: true` for another 90 days. */
export async function updateWant(id: string, update: WantUpdate): Promise<Want> {
  const { data } = await api.put<Want>(`/me/wants/${encodeURIComponent(id)}`, update);
  return data;
}

export function useUpdateWant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: WantUpdate }) => updateWant(id, update),
    onSuccess: (saved, { id }) => {
      // The row shows the answer at once; the list is asked for again behind it.
      if (saved?._id === id) {
        queryClient.setQueryData<Want[]>(wantKeys.list, (wants) => wants?.map((want) => (want._id === id ? saved : want)));
      }
      void queryClient.invalidateQueries({ queryKey: wantKeys.list });
      // An edit can change which listings match.
      void queryClient.invalidateQueries({ queryKey: wantKeys.matches(id) });
    },
  });
}
