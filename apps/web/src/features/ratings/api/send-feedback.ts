import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RatingInput, StoredRating } from '@keeb/shared';
import { api } from '../../../lib/api';
import { ratingKeys } from './keys';

/** POST /user/feedback: the buyer's rating of the item's seller (scores as numbers 1-5). */
export async function sendFeedback(input: RatingInput): Promise<StoredRating> {
  const { data } = await api.post<StoredRating>('/user/feedback', input);
  return data;
}

/** Sends the rating; the seller's feedback pages are stale once it is stored. */
export function useSendFeedback(onSent: (rating: StoredRating) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: (rating) => {
      void queryClient.invalidateQueries({ queryKey: ratingKeys.all });
      onSent(rating);
    },
  });
}
