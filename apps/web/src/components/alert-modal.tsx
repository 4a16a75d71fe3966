import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';
import styles from './alert-modal.module.css';

interface AlertModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The buttons; a single 'OK' that closes when none are given. */
  actions?: ReactNode;
}

/** A short message in a dialog: an alert, or a question with its answers as the actions. */
export function AlertModal({ open, onClose, title, children, actions }: AlertModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <div className={styles.body}>{children}</div>
      <div className={styles.actions}>{actions ?? <Button onClick={onClose}>OK</Button>}</div>
    </Modal>
  );
}
