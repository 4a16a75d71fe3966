import { useState, type FormEvent } from 'react';
import { PROBLEM_REASONS, type OrderDetail, type ProblemReason } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { SelectField, TextAreaField } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { orderActions, useOrderAction, type ProblemInput } from '../api/order-actions';
import { orderErrorText, REASON_TEXTS, TEXTS } from '../messages';
import styles from './order-page-parts.module.css';

const REASON_OPTIONS = PROBLEM_REASONS.map((reason) => ({ value: reason, label: REASON_TEXTS[reason] }));
const DETAILS_MAX = 2000;

/** The buyer's 'Report a problem': a reason and what happened; the order page then shows the problem. */
export function ProblemModal({ order, open, onClose }: { order: OrderDetail; open: boolean; onClose: () => void }) {
  const [reason, setReason] = useState<ProblemReason | ''>('');
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const report = useOrderAction(order._id, (input: ProblemInput) => orderActions.problem(order._id, input));

  const close = () => {
    if (report.isPending) return;
    report.reset();
    setMissingReason(false);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      setMissingReason(true);
      return;
    }
    report.mutate({ reason, details: details.trim() }, { onSuccess: onClose });
  };

  return (
    <Modal open={open} onClose={close} title={TEXTS.reportProblem}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <SelectField
          label={TEXTS.reason}
          name="reason"
          placeholder="Choose a reason"
          options={REASON_OPTIONS}
          value={reason}
          error={missingReason && !reason ? 'Choose a reason.' : undefined}
          onChange={(event) => setReason(event.target.value as ProblemReason | '')}
        />
        <TextAreaField
          label={TEXTS.details}
          name="details"
          rows={5}
          maxLength={DETAILS_MAX}
          value={details}
          hint={TEXTS.detailsHint}
          onChange={(event) => setDetails(event.target.value)}
        />
        {report.isError ? <FormBanner tone="error">{orderErrorText(report.error)}</FormBanner> : null}
        <div className={styles.modalActions}>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" pending={report.isPending}>
            {TEXTS.submitProblem}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
