import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { orderErrorText } from '../messages';

interface ConfirmActionProps {
  open: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes-or-cancel question before an action that cannot be taken back (confirm received, mark resolved, close). */
export function ConfirmAction({ open, title, question, confirmLabel, pending, error, onConfirm, onClose }: ConfirmActionProps) {
  return (
    <AlertModal
      open={open}
      onClose={() => {
        if (!pending) onClose();
      }}
      title={title}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button pending={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{question}</p>
      {error ? <FormBanner tone="error">{orderErrorText(error)}</FormBanner> : null}
    </AlertModal>
  );
}
