// The sell form's dialogs: the free-shipping question and the refusal that stops a listing.
import { Link } from 'react-router-dom';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { TEXTS } from '../messages';
import styles from './listing-form-modals.module.css';

interface ZeroShippingModalProps {
  open: boolean;
  onClose: () => void;
  /** Back to the form, on the free shipping price. */
  onEditShipping: () => void;
  /** Lists the item as it is. */
  onListAnyway: () => void;
}

/** Spec 5: free shipping is worth one question before listing. */
export function ZeroShippingModal({ open, onClose, onEditShipping, onListAnyway }: ZeroShippingModalProps) {
  return (
    <AlertModal
      open={open}
      onClose={onClose}
      title="Confirm Shipping Prices"
      actions={
        <>
          <Button variant="secondary" onClick={onEditShipping}>
            Edit Shipping
          </Button>
          <Button onClick={onListAnyway}>List Item</Button>
        </>
      }
    >
      <p>Some regions have {TEXTS.zeroShipping}</p>
    </AlertModal>
  );
}

/** A refusal that is no field's (open while `message` is set); an unconfirmed email gets a way to Settings. */
export function CannotListModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <AlertModal
      open={message !== null}
      onClose={onClose}
      title="Cannot List Item"
      actions={
        message === TEXTS.confirmEmailToList ? (
          <>
            <Link to="/settings" className={styles.settingsLink}>
              Go to Settings
            </Link>
            <Button onClick={onClose}>OK</Button>
          </>
        ) : undefined
      }
    >
      <p>{message}</p>
    </AlertModal>
  );
}
