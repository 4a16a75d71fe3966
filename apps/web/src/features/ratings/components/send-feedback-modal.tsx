import { useState, type FormEvent } from 'react';
import { RATING_COMMENT_MAX, RATING_DEFAULT, RATING_ERRORS, RATING_MAX, RATING_MIN, type StoredRating } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { SelectField, TextAreaField } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-error';
import { useSendFeedback } from '../api/send-feedback';
import styles from './send-feedback-modal.module.css';

interface SendFeedbackModalProps {
  open: boolean;
  /** The sold item and its seller, as the item page has them. */
  item: { _id: string; name: string; sellerId: { _id: string } };
  onClose: () => void;
  onSent: (rating: StoredRating) => void;
}

type Category = 'description' | 'communication' | 'shipping';
const CATEGORIES: ReadonlyArray<[Category, string]> = [
  ['description', 'Description'],
  ['communication', 'Communication'],
  ['shipping', 'Shipping'],
];
const SCORE_OPTIONS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, n) => {
  const score = String(RATING_MAX - n);
  return { value: score, label: `${score} out of 5` };
});
const DEFAULTS: Record<Category, number> = { description: RATING_DEFAULT, communication: RATING_DEFAULT, shipping: RATING_DEFAULT };

function errorText(error: unknown): string {
  const code = isApiError(error) ? error.code : '';
  if (code === RATING_ERRORS.alreadyRated) return 'You have already left feedback for this item.';
  if (code === RATING_ERRORS.forbidden || code === RATING_ERRORS.ownItem) return 'Only the buyer of this item can leave feedback.';
  return 'Something went wrong. Please try again.';
}

/** Spec part 1, 'Send Feedback': the buyer scores the seller 1-5 on three criteria (each starting at 3) and may comment. */
export function SendFeedbackModal({ open, item, onClose, onSent }: SendFeedbackModalProps) {
  const [scores, setScores] = useState(DEFAULTS);
  const [comment, setComment] = useState('');
  const send = useSendFeedback((rating) => {
    setScores(DEFAULTS);
    setComment('');
    onSent(rating);
  });

  const close = () => {
    send.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    send.mutate({ sellerId: item.sellerId._id, itemId: item._id, ...scores, comment: comment.trim() });
  };

  return (
    <AlertModal
      open={open}
      onClose={close}
      title="Send Feedback"
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="send-feedback-form" pending={send.isPending}>
            Submit
          </Button>
        </>
      }
    >
      <form id="send-feedback-form" className={styles.form} onSubmit={submit} noValidate>
        <p className={styles.item}>
          How was buying <strong>{item.name}</strong>?
        </p>
        <div className={styles.scores}>
          {CATEGORIES.map(([category, label]) => (
            <SelectField
              key={category}
              label={label}
              name={category}
              options={SCORE_OPTIONS}
              value={String(scores[category])}
              onChange={(event) => setScores((current) => ({ ...current, [category]: Number(event.target.value) }))}
            />
          ))}
        </div>
        <TextAreaField
          label="Comment (optional)"
          name="comment"
          rows={4}
          maxLength={RATING_COMMENT_MAX}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          hint={`Up to ${RATING_COMMENT_MAX.toLocaleString()} characters. The seller and every visitor of their feedback page can read it.`}
        />
        {send.isError ? <FormBanner tone="error">{errorText(send.error)}</FormBanner> : null}
      </form>
    </AlertModal>
  );
}
