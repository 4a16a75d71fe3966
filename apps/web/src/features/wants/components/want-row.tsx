import { useId, useState } from 'react';
import type { Want, WantUpdate } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { useDeleteWant } from '../api/delete-want';
import { useUpdateWant } from '../api/update-want';
import { TEXTS, wantErrorText } from '../messages';
import { canRenew, filtersOf, labelOf, shortDate, statusOf } from '../want-display';
import type { FilterChoiceLists } from '../../../lib/reference/filter-choices';
import { WantFormModal } from './want-form-modal';
import { WantMatches } from './want-matches';
import styles from './want-row.module.css';

type Action = 'pause' | 'renew' | 'delete';

interface WantRowProps {
  want: Want;
  choices: FilterChoiceLists;
  /** Told when the user confirms deleting it, so the list can place focus once the row is gone. */
  onDelete: () => void;
}

/** One want: what it looks for, its status, its buttons, and its matches when unfolded. */
export function WantRow({ want, choices, onDelete }: WantRowProps) {
  const update = useUpdateWant();
  const remove = useDeleteWant();
  const [action, setAction] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [showMatches, setShowMatches] = useState(false);
  const matchesId = useId();
  const label = labelOf(want, choices);
  const status = statusOf(want);
  const filters = filtersOf(want, choices);
  const busy = update.isPending || remove.isPending;

  const change = (next: Action, body: WantUpdate) => {
    setAction(next);
    setError(null);
    update.mutate({ id: want._id, update: body }, { onError: (failure) => setError(wantErrorText(failure).message) });
  };

  const confirmDelete = () => {
    setAction('delete');
    setError(null);
    onDelete();
    remove.mutate(want._id, {
      onSuccess: () => setConfirmingDelete(false),
      onError: (failure) => {
        setConfirmingDelete(false);
        setError(wantErrorText(failure).message);
      },
    });
  };

  // Each button's name is its visible word and the want's label, so a screen reader's list of buttons tells them apart.
  const nameFor = (word: string) => `${word} ${label}`;

  return (
    <li className={styles.row}>
      <div className={styles.head}>
        <h2 className={styles.label}>{label}</h2>
        <span className={`${styles.status} ${styles[status.tone]}`}>{status.text}</span>
      </div>
      {filters.length ? <p className={styles.filters}>{filters.join(' · ')}</p> : null}
      <p className={styles.meta}>
        {want.matchCount === 1 ? '1 match' : `${want.matchCount} matches`}
        {want.newMatches > 0 ? <strong className={styles.new}>{` · ${want.newMatches} new`}</strong> : null}
        {want.isExpired ? null : ` · Until ${shortDate(want.expiresAt)}`}
      </p>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showMatches}
          aria-controls={showMatches ? matchesId : undefined}
          aria-label={nameFor(showMatches ? 'Hide matches' : 'Show matches')}
          onClick={() => setShowMatches((shown) => !shown)}
        >
          {showMatches ? 'Hide matches' : 'Show matches'}
        </Button>
        <Button variant="secondary" size="sm" aria-label={nameFor('Edit')} disabled={busy} onClick={() => setEditing(true)}>
          Edit
        </Button>
        {want.isExpired ? null : (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            pending={update.isPending && action === 'pause'}
            aria-label={nameFor(want.paused ? 'Resume' : 'Pause')}
            onClick={() => change('pause', { paused: !want.paused })}
          >
            {want.paused ? 'Resume' : 'Pause'}
          </Button>
        )}
        {canRenew(want) ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            pending={update.isPending && action === 'renew'}
            aria-label={nameFor('Renew')}
            onClick={() => change('renew', { renew: true })}
          >
            Renew
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          className={styles.delete}
          aria-label={nameFor('Delete')}
          disabled={busy}
          onClick={() => setConfirmingDelete(true)}
        >
          Delete
        </Button>
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {showMatches ? (
        <div id={matchesId} className={styles.matches}>
          <WantMatches wantId={want._id} label={label} />
        </div>
      ) : null}
      <WantFormModal open={editing} onClose={() => setEditing(false)} want={want} />
      <AlertModal
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title={TEXTS.deleteTitle}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmingDelete(false)}>
              Cancel
            </Button>
            <Button variant="danger" pending={remove.isPending} onClick={confirmDelete}>
              Delete
            </Button>
          </>
        }
      >
        <p>
          “{label}”. {TEXTS.deleteBody}
        </p>
      </AlertModal>
    </li>
  );
}
