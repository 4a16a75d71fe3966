import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { OpenConversationResult } from '@keeb/shared';
import { api } from '../../../lib/api';

/** POST /conversation {userId}: opens (or finds) the conversation with that user (Message Seller, Message). */
export async function openConversation(userId: string): Promise<string> {
  const { data } = await api.post<OpenConversationResult>('/conversation', { userId });
  return data._id;
}

/** POST /conversation/{id}/report {reason}: mails the team. */
export async function reportConversation(id: string, reason: string): Promise<void> {
  await api.post(`/conversation/${encodeURIComponent(id)}/report`, reason ? { reason } : {});
}

/**
 * Message (profile): open or find the conversation with that user, then show it. Message Seller on an item page
 * writes from its own modal instead (send-message-modal.tsx) and stays on the item.
 */
export function useMessageUser() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) => openConversation(userId),
    onSuccess: async (id) => {
      await navigate(`/chats/messages/${encodeURIComponent(id)}`);
    },
  });
}
