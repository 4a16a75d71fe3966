import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ChatMessage, MessagePage } from '@keeb/shared';
import { api } from '../../../lib/api';
import { chatKeys } from './keys';

/** POST /message/{id}: the newest page without lastKey, then older pages with the previous answer's lastKey. */
export async function getMessagePage(id: string, lastKey: string | undefined, signal?: AbortSignal): Promise<MessagePage> {
  const { data } = await api.post<MessagePage>(`/message/${encodeURIComponent(id)}`, lastKey ? { lastKey } : {}, { signal });
  return data;
}

export type MessagePages = InfiniteData<MessagePage, unknown>;

/** Page 0 is the newest; each further page is older ('Load previous messages' while a lastKey exists). */
export const messagesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.conversation(id),
    queryFn: ({ pageParam, signal }) => getMessagePage(id, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.lastKey ?? undefined,
    staleTime: 0,
  });

export const useMessages = (id: string) => useInfiniteQuery(messagesQueryOptions(id));

/** The whole loaded history, oldest first: the oldest page first, each page already oldest first. */
export function historyOf(data: MessagePages | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.conversation.messages);
}
