import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router-dom';
import type { ConversationSummary } from '@keeb/shared';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
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
  if (query.data) {
    if (query.data.length === 0) return <p className={styles.empty}>{TEXTS.noMessages}</p>;
    return (
      <ul className={styles.list} aria-label="Conversations">
        {query.data.map((conversation) => (
          <li key={conversation._id}>
            <ConversationRow conversation={conversation} onOpen={() => markRead(queryClient, conversation._id)} />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.error} role="alert">
        {TEXTS.loadFailed}{' '}
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.loading} aria-busy="true" aria-label="Loading messages">
      <div className={styles.skeleton} />
      <div className={styles.skeleton} />
    </div>
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
