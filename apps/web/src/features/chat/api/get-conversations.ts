import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConversationList, ConversationSummary } from '@keeb/shared';
import { api } from '../../../lib/api';
import { sessionKeys } from '../../../lib/session';
import { chatKeys } from './keys';

/** GET /me/messages: the viewer's conversations, newest change first. */
export async function getConversations(signal?: AbortSignal): Promise<ConversationSummary[]> {
  const { data } = await api.get<ConversationList>('/me/messages', { signal });
  return data.conversations;
}

/**
 * Reading the list resets the new-messages counter on the server (spec part 2: 'Opening resets the new-messages
 * counter'), so the badges are asked for again once it has arrived, as the Offers screen does.
 */
export const conversationsQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: chatKeys.list,
    queryFn: async ({ signal }) => {
      const conversations = await getConversations(signal);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.notificationCounts });
      return conversations;
    },
    // The socket keeps the list current; a visit to /chats still asks once (it is what resets the counter).
    staleTime: 0,
  });

export const useConversations = () => useQuery(conversationsQueryOptions(useQueryClient()));
