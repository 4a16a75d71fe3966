import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ChatMessage, CheckoutReminder, ConversationSummary } from '@keeb/shared';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { CloseIcon } from '../../../components/icons';
import { LinkifiedText } from '../../../components/linkified-text';
import { timeAgo } from '../../../lib/format';
import { sessionKeys, useSession } from '../../../lib/session';
import { getMessagePage, historyOf, useMessages } from '../api/get-messages';
import { addToHistory, markRead } from '../realtime/cache';
import { sendMessage, setOpenConversation, subscribeToMessages, subscribeToReminders } from '../realtime/socket';
import { ReportConversation } from '../components/report-conversation';
import { ScamWarningNote } from '../components/scam-warning';
import { newClientId } from '../client-id';
import { isUserGone } from '../user';
import { sendErrorText, TEXTS, WARNING_LINK_TEXT } from '../messages';
import styles from '../components/chat.module.css';

/** A message of one's own not yet acknowledged (spec Message.isSending), or one that failed. */
interface PendingMessage {
  clientId: string;
  message: string;
  error: string | null;
}

/**
 * /chats/messages/{id} (spec part 2 "Message detail (overlay)"): the history over the list, oldest at the top,
 * 'Load previous messages' while older pages exist, and the input (hidden when the other user is gone).
 */
export function MessagePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const titleId = useId();
  const query = useMessages(id);
  const queryClient = useQueryClient();
  const close = () => void navigate('/chats');

  const session = useSession().data;
  const viewerId = session?.isLoggedIn ? session.userId : undefined;
  const panelRef = useRef<HTMLElement>(null);

  useEffect(() => {
    setOpenConversation(id);
    return () => setOpenConversation(null);
  }, [id]);

  useEffect(() => {
    panelRef.current?.focus();
  }, []);


  // A message arriving in the conversation on screen is read as it comes: reading the newest page is what marks
  // it read on the server (the contract has no other call for it), then the badges are asked for again.
  useEffect(
    () =>
      subscribeToMessages((notification) => {
        if (notification.conversationId !== id || notification.from.id === viewerId) return;
        void getMessagePage(id, undefined)
          .then(() => queryClient.invalidateQueries({ queryKey: sessionKeys.notificationCounts }))
          .catch(() => undefined);
      }),
    [id, viewerId, queryClient],
  );

  // The server marks the conversation read when its newest page is read: the row and the badges follow.
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (!loaded) return;
    markRead(queryClient, id);
    void queryClient.invalidateQueries({ queryKey: sessionKeys.notificationCounts });
  }, [loaded, id, queryClient]);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !document.body.classList.contains('modal-open')) void navigate('/chats');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  const conversation = query.data?.pages[0]?.conversation.conversation;

  return (
    <div className={styles.overlay}>
      {/* Spec: clicking outside returns to /chats. */}
      <div className={styles.backdrop} onClick={close} aria-hidden="true" data-testid="chat-backdrop" />
      <section className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={panelRef} tabIndex={-1}>
        <header className={styles.topBar}>
          <Counterpart titleId={titleId} conversation={conversation} />
          {conversation ? <ReportConversation conversationId={id} /> : null}
          <Link to="/chats" className={styles.close} aria-label={TEXTS.close}>
            <CloseIcon />
          </Link>
        </header>
        {conversation ? (
          <Conversation id={id} conversation={conversation} query={query} />
        ) : query.isError ? (
          <div className={styles.error} role="alert">
            {TEXTS.conversationFailed}{' '}
            <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <p className={styles.status} aria-busy="true">
            {TEXTS.loading}
          </p>
        )}
      </section>
    </div>
  );
}

function Counterpart({ titleId, conversation }: { titleId: string; conversation: ConversationSummary | undefined }) {
  if (!conversation) {
    return (
      <h2 id={titleId} className={styles.counterpart}>
        Conversation
      </h2>
    );
  }
  const gone = isUserGone(conversation.from);
  const name = gone ? TEXTS.userNotFound : conversation.from.username;
  return (
    <h2 id={titleId} className={styles.counterpart}>
      <Avatar src={gone ? null : conversation.from.avatar} username={name} size="sm" />
      {gone ? (
        <span>{name}</span>
      ) : (
        <Link to={`/u/${encodeURIComponent(name)}`} className={styles.counterpartName}>
          {name}
        </Link>
      )}
    </h2>
  );
}

interface ConversationProps {
  id: string;
  conversation: ConversationSummary;
  query: ReturnType<typeof useMessages>;
}

function Conversation({ id, conversation, query }: ConversationProps) {
  // Sent once ever by the server, after this user's first message that the scam detector flagged.
  const [reminder, setReminder] = useState<CheckoutReminder | null>(null);
  useEffect(() => subscribeToReminders(setReminder), []);
  const queryClient = useQueryClient();
  const session = useSession().data;
  const viewerId = session?.isLoggedIn ? session.userId : undefined;
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [draft, setDraft] = useState('');
  const historyRef = useRef<HTMLOListElement>(null);
  const gone = isUserGone(conversation.from);

  const history = historyOf(query.data);
  // Spec "Chat": 'Sending...' until one's own message echoes back (or is acknowledged), matched by clientId.
  const delivered = new Set(history.map((message) => message.clientId).filter(Boolean));
  const waiting = pending.filter((line) => !delivered.has(line.clientId));

  // Newest at the bottom: keep it in view when a message arrives (not when older pages load above), and when the
  // checkout reminder appears under the history, which shrinks it right after the message that triggered it.
  const newestId = history.at(-1)?._id;
  useEffect(() => {
    const list = historyRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId, waiting.length, reminder]);

  const send = (text: string, clientId: string) => {
    setPending((lines) => [...lines.filter((line) => line.clientId !== clientId), { clientId, message: text, error: null }]);
    void sendMessage({
      conversationId: id,
      toUserId: conversation.from.id,
      msg: text,
      clientId,
      username: session?.username,
      fromUserId: viewerId,
    }).then((ack) => {
      if (ack.ok) {
        addToHistory(queryClient, ack.message);
        return;
      }
      setPending((lines) => lines.map((line) => (line.clientId === clientId ? { ...line, error: ack.error } : line)));
    });
  };

  const submit = () => {
    // Spec part 2 section 5: trimmed, and non-empty after trimming.
    const text = draft.trim();
    if (!text) return;
    send(text, newClientId());
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line; Enter while composing (IME) belongs to the composition.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <>
      <ol className={styles.history} ref={historyRef} aria-label="Messages">
        {query.hasNextPage ? (
          <li className={styles.previous}>
            <Button
              variant="ghost"
              size="sm"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? TEXTS.loading : TEXTS.loadPrevious}
            </Button>
          </li>
        ) : null}
        {history.length === 0 && waiting.length === 0 ? <li className={styles.status}>{TEXTS.noMessages}</li> : null}
        {history.map((message) => (
          <MessageLine key={message._id} message={message} mine={message.from._id === viewerId} />
        ))}
        {waiting.map((line) => (
          <li key={line.clientId} className={`${styles.line} ${styles.mine}`}>
            <div className={styles.lineHead}>
              <span className={styles.sender}>{session?.username ?? 'You'}</span>
              {line.error ? (
                <span className={styles.failed} role="alert">
                  {sendErrorText(line.error)}{' '}
                  <button type="button" className={styles.retry} onClick={() => send(line.message, line.clientId)}>
                    {TEXTS.retry}
                  </button>
                </span>
              ) : (
                <span className={styles.time}>{TEXTS.sending}</span>
              )}
            </div>
            <p className={styles.text}>
              <LinkifiedText text={line.message} />
            </p>
          </li>
        ))}
      </ol>
      {query.isFetchNextPageError ? (
        <p className={styles.error} role="alert">
          {TEXTS.somethingWentWrong}
        </p>
      ) : null}
      {reminder ? (
        <div role="note" className={styles.warning}>
          <p>{TEXTS.checkoutReminder}</p>
          {reminder.helpPath.startsWith('/') && !reminder.helpPath.startsWith('//') ? <Link to={reminder.helpPath}>{WARNING_LINK_TEXT}</Link> : null}{' '}
          <button type="button" className={styles.retry} onClick={() => setReminder(null)}>
            {TEXTS.dismiss}
          </button>
        </div>
      ) : null}
      {gone ? null : (
        <form
          className={styles.composer}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <textarea
            className={styles.input}
            aria-label={TEXTS.messageLabel}
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" disabled={draft.trim() === ''}>
            {TEXTS.send}
          </Button>
        </form>
      )}
    </>
  );
}

function MessageLine({ message, mine }: { message: ChatMessage; mine: boolean }) {
  // A notice the product posted for an order between the two (issue 26): centred, named as a notice, with the way
  // to the order, so it does not read as something the other person typed.
  if (message.notice) {
    return (
      <li className={`${styles.line} ${styles.notice}`} role="note" aria-label={TEXTS.orderNotice}>
        <div className={styles.lineHead}>
          <span className={styles.sender}>{message.from.username}</span>
          <time className={styles.time} dateTime={message.ts}>
            {timeAgo(message.ts)}
          </time>
        </div>
        <p className={styles.text}>{message.message}</p>
        <Link to={`/me/orders/${encodeURIComponent(message.notice.orderId)}`} className={styles.itemInfo}>
          {TEXTS.viewOrder}
        </Link>
      </li>
    );
  }
  return (
    <li className={`${styles.line} ${mine ? styles.mine : ''}`}>
      <div className={styles.lineHead}>
        <span className={styles.sender}>{message.from.username}</span>
        {message.item_id ? (
          <Link to={`/detail/${encodeURIComponent(message.item_id)}`} className={styles.itemInfo}>
            {TEXTS.itemInfo}
          </Link>
        ) : null}
        <time className={styles.time} dateTime={message.ts}>
          {timeAgo(message.ts)}
        </time>
      </div>
      <p className={styles.text}>
        <LinkifiedText text={message.message} />
      </p>
      {/* The detector's warning is for the recipient; the sender is reminded by the server's own means. */}
      {message.warning && !mine ? <ScamWarningNote warning={message.warning} /> : null}
    </li>
  );
}
