import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Want } from '@keeb/shared';
import { api } from '../../../lib/api';
import { wantKeys } from './keys';

/** DELETE /me/wants/{id} (its matches go with it). */
export async function deleteWant(id: string): Promise<void> {
  await api.delete(`/me/wants/${encodeURIComponent(id)}`);
}

export function useDeleteWant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWant,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Want[]>(wantKeys.list, (wants) => wants?.filter((want) => want._id !== id));
      queryClient.removeQueries({ queryKey: wantKeys.matches(id) });
      void queryClient.invalidateQueries({ queryKey: wantKeys.list });
    },
  });
}
