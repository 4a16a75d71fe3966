import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextAreaField } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { reportConversation } from '../api/conversation-actions';
import { TEXTS } from '../messages';
import styles from './chat.module.css';

/** The conversation's Report link (issue 14): an optional reason, then a mail to the team. */
export function ReportConversation({ conversationId }: { conversationId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useMutation({ mutationFn: () => reportConversation(conversationId, reason.trim()) });

  return (
    <>
      <button
        type="button"
        className={styles.report}
        onClick={() => {
          report.reset();
          setOpen(true);
        }}
      >
        {TEXTS.report}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Report Conversation">
        {report.isSuccess ? (
          <FormBanner tone="success">{TEXTS.reportSent}</FormBanner>
        ) : (
          <form
            className={styles.reportForm}
            onSubmit={(event) => {
              event.preventDefault();
              report.mutate();
            }}
          >
            <TextAreaField
              label="What happened? (optional)"
              value={reason}
              maxLength={1000}
              onChange={(event) => setReason(event.target.value)}
            />
            {report.isError ? <FormBanner tone="error">{TEXTS.somethingWentWrong}</FormBanner> : null}
            <Button type="submit" pending={report.isPending}>
              Send Report
            </Button>
          </form>
        )}
      </Modal>
    </>
  );
}
