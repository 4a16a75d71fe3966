import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router-dom';
import type { ConversationSummary } from '@keeb/shared';
import { Avatar } from '../../../components/avatar';
import { ListState } from '../../../components/list-state';
import { timeAgo } from '../../../lib/format';
import { useConversations } from '../api/get-conversations';
import { markRead } from '../realtime/cache';
import { isUserGone } from '../user';
import { TEXTS, UNREAD } from '../messages';
import styles from '../components/chat.module.css';

/** /chats (spec part 2 "Chats"): the conversations, newest change first; an open one (messages/{id}) renders over it. */
export function ChatsPage() {
  const query = useConversations();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>My Messages</h1>
      <ConversationList query={query} />
      <Outlet />
    </div>
  );
}

function ConversationList({ query }: { query: ReturnType<typeof useConversations> }) {
  const queryClient = useQueryClient();
  return (
    <ListState query={query} rows={query.data} empty={TEXTS.noMessages} failed={TEXTS.loadFailed} loadingLabel="Loading messages">
      {(conversations) => (
        <ul className={styles.list} aria-label="Conversations">
          {conversations.map((conversation) => (
            <li key={conversation._id}>
              <ConversationRow conversation={conversation} onOpen={() => markRead(queryClient, conversation._id)} />
            </li>
          ))}
        </ul>
      )}
    </ListState>
  );
}

function ConversationRow({ conversation, onOpen }: { conversation: ConversationSummary; onOpen: () => void }) {
  const gone = isUserGone(conversation.from);
  const name = gone ? TEXTS.userNotFound : conversation.from.username;
  return (
    <Link
      to={`messages/${encodeURIComponent(conversation._id)}`}
      className={`${styles.row} ${conversation.isRead ? '' : styles.unreadRow}`}
      onClick={onOpen}
    >
      <Avatar src={gone ? null : conversation.from.avatar} username={name} />
      <span className={styles.rowBody}>
        <span className={styles.rowHead}>
          <span className={styles.username}>{name}</span>
          <time className={styles.time} dateTime={conversation.lastModified}>
            {timeAgo(conversation.lastModified)}
          </time>
        </span>
        <span className={styles.preview}>{conversation.lastMessage}</span>
      </span>
      {conversation.isRead ? null : (
        <span className={styles.unreadDot}>
          <span className="visually-hidden">({UNREAD})</span>
        </span>
      )}
    </Link>
  );
}
