import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ConversationSummary, MessageNotification, NotificationCounts } from '@keeb/shared';
import { sessionKeys } from '../../../lib/session';
import { chatKeys } from '../api/keys';
import type { MessagePages } from '../api/get-messages';

/**
 * How the realtime events land in react-query's cache, so every screen reading the list, a history or the counts
 * re-renders from one place. Pure functions of the cache: the socket module calls them, tests call them too.
 */

const byNewest = (a: ConversationSummary, b: ConversationSummary) =>
  new Date(b.lastModified).getTime() - new Date(a.lastModified).getTime();

/** Adds a stored message to a loaded history (its newest page), once: the ack and the echo may both bring it. */
export function addToHistory(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<MessagePages>(chatKeys.conversation(message.conversationId), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((page) => page.conversation.messages.some((known) => known._id === message._id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    const updated = {
      ...newest,
      conversation: { ...newest.conversation, messages: [...newest.conversation.messages, message] },
    };
    return { ...data, pages: [updated, ...older] };
  });
}

/**
 * Spec part 2 "Chat": an incoming notification updates the row's last message, time and unread flag, and re-sorts
 * by most recent. A conversation the list does not hold yet (a first message) makes the list ask again.
 * Returns whether the row was found.
 */
export function applyToList(
  queryClient: QueryClient,
  notification: MessageNotification,
  { viewerId, openConversationId }: { viewerId: string | undefined; openConversationId: string | null },
): boolean {
  const { message } = notification;
  const list = queryClient.getQueryData<ConversationSummary[]>(chatKeys.list);
  if (!list) return false;
  const row = list.find((conversation) => conversation._id === notification.conversationId);
  if (!row) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.list });
    return false;
  }
  const fromViewer = message.from._id === viewerId;
  const updated: ConversationSummary = {
    ...row,
    lastMessage: notification.msg,
    lastModified: message.ts,
    // One's own message, or one arriving in the conversation on screen, is read already.
    isRead: fromViewer || openConversationId === notification.conversationId,
    warning: fromViewer ? row.warning : message.warning,
  };
  queryClient.setQueryData<ConversationSummary[]>(
    chatKeys.list,
    [updated, ...list.filter((conversation) => conversation !== row)].sort(byNewest),
  );
  return true;
}

/** Marks a row read (the viewer opened the conversation). */
export function markRead(queryClient: QueryClient, conversationId: string): void {
  queryClient.setQueryData<ConversationSummary[]>(chatKeys.list, (list) =>
    list?.map((conversation) => (conversation._id === conversationId && !conversation.isRead ? { ...conversation, isRead: true } : conversation)),
  );
}

export function applyCounts(queryClient: QueryClient, counts: NotificationCounts): void {
  queryClient.setQueryData(sessionKeys.notificationCounts, counts);
}

/** After a reconnect: whatever was missed while away is asked for again. */
export function refetchAfterReconnect(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: chatKeys.all });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.notificationCounts });
}
