import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { NOTIFICATION_HIDE_MS, type MessageNotification } from '@keeb/shared';
import { useSession } from '../../../lib/session';
import { getOpenConversation, startRealtime, stopRealtime, subscribeToMessages } from './socket';
import styles from './realtime-bridge.module.css';

/**
 * Mounted once in the shell: opens the tab's realtime connection while someone is signed in (the socket code loads
 * then, lazily) and shows the corner notification for a message in a conversation other than the open one
 * (spec part 1: sender and text, hides after 10 seconds, a click goes to /chats). `children` are other features'
 * corner notices (app/ passes them in), stacked in the same live region.
 */
export function RealtimeBridge({ children }: { children?: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useSession().data;
  const userId = session?.isLoggedIn ? session.userId : undefined;
  const [notice, setNotice] = useState<MessageNotification | null>(null);

  useEffect(() => {
    if (!userId) return;
    startRealtime(queryClient, userId);
    return () => stopRealtime();
  }, [queryClient, userId]);

  useEffect(() => {
    if (!userId) {
      setNotice(null);
      return;
    }
    return subscribeToMessages((notification) => {
      if (notification.from.id === userId || notification.conversationId === getOpenConversation()) return;
      setNotice(notification);
    });
  }, [userId]);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTIFICATION_HIDE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // The live region stays in the page so screen readers announce what appears in it (aria-live without the status
  // role: the pages' own status messages keep that role to themselves).
  return (
    <div aria-live="polite" aria-atomic="true" className={styles.region} data-testid="corner-notification">
      {notice ? (
        <button
          type="button"
          className={styles.toast}
          onClick={() => {
            setNotice(null);
            void navigate('/chats');
          }}
        >
          <span className={styles.from}>New message from {notice.from.username}</span>
          <span className={styles.text}>{notice.msg}</span>
        </button>
      ) : null}
      {children}
    </div>
  );
}
