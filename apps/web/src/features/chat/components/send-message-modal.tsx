import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGE_MAX } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextAreaField } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { newClientId } from '../client-id';
import { sendErrorText, TEXTS } from '../messages';
import { sendMessage } from '../realtime/socket';
import styles from './send-message-modal.module.css';

interface SendMessageModalProps {
  open: boolean;
  onClose: () => void;
  /** The seller: the message opens (or continues) the conversation with them. */
  toUserId: string;
  toUsername: string;
  /** The item asked about: each message sent from here carries it ('Item Info'). */
  itemId: string;
}

type Outcome = { sent: true; conversationId: string } | { sent: false; error: string } | null;

/**
 * The item page's 'Send Message' modal (spec part 1, 2.9): one message to the seller through the chat's own
 * `sendMessage`, then a link to the conversation in Chats; the item page stays where it is.
 */
export function SendMessageModal({ open, onClose, toUserId, toUsername, itemId }: SendMessageModalProps) {
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Kept until the message is stored, so that trying again after a failure stores it once (the server's retry key).
  const [clientId, setClientId] = useState(newClientId);

  const close = () => {
    // A sent message starts the next one afresh; an unsent draft stays for the next opening.
    if (outcome?.sent) {
      setDraft('');
      setOutcome(null);
    }
    onClose();
  };

  const submit = async () => {
    // Spec part 2 section 5: trimmed, and non-empty after trimming.
    const text = draft.trim();
    if (!text || pending) return;
    setPending(true);
    const ack = await sendMessage({ toUserId, itemId, msg: text, clientId });
    setPending(false);
    if (ack.ok) {
      setOutcome({ sent: true, conversationId: ack.message.conversationId });
      setClientId(newClientId());
    } else {
      setOutcome({ sent: false, error: ack.error });
    }
  };

  return (
    <Modal open={open} onClose={close} title="Send Message">
      {outcome?.sent ? (
        <div className={styles.sent}>
          <FormBanner tone="success">{`Message sent to ${toUsername}.`}</FormBanner>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={close}>
              {TEXTS.close}
            </Button>
            <Link to={`/chats/messages/${encodeURIComponent(outcome.conversationId)}`} className={styles.chatsLink}>
              Continue in Chats
            </Link>
          </div>
        </div>
      ) : (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextAreaField
            label={TEXTS.messageLabel}
            hint={`To ${toUsername}, about this item.`}
            rows={4}
            maxLength={MESSAGE_MAX}
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (outcome) setOutcome(null);
            }}
          />
          {outcome ? <FormBanner tone="error">{sendErrorText(outcome.error)}</FormBanner> : null}
          <Button type="submit" pending={pending} disabled={draft.trim() === ''}>
            {TEXTS.send}
          </Button>
        </form>
      )}
    </Modal>
  );
}
