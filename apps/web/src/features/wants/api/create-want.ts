import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Want, WantInput } from '@keeb/shared';
import { api } from '../../../lib/api';
import { wantKeys } from './keys';

/** POST /me/wants: answers the stored want. */
export async function createWant(input: WantInput): Promise<Want> {
  const { data } = await api.post<Want>('/me/wants', input);
  return data;
}

export function useCreateWant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWant,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: wantKeys.list }),
  });
}
