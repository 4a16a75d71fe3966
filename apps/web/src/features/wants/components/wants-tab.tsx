import { useEffect, useRef, useState } from 'react';
import { WANT_LIMITS } from '@keeb/shared';
import { Button } from '../../../components/button';
import { ListState } from '../../../components/list-state';
import { useWants } from '../api/get-wants';
import { useMarkWantsSeen } from '../api/mark-wants-seen';
import { TEXTS } from '../messages';
import { useFilterChoiceLists } from '../../../lib/reference/filter-choices';
import { WantFormModal } from './want-form-modal';
import { WantRow } from './want-row';
import styles from './wants-tab.module.css';

/** The vault's Wants tab: the viewer's wants with their matches; opening it marks every match seen. */
export function WantsTab() {
  const wants = useWants();
  const choices = useFilterChoiceLists();
  const { mutate: markSeen } = useMarkWantsSeen();
  const [adding, setAdding] = useState(false);
  const markedOnce = useRef(false);
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const deleting = useRef<{ id: string; index: number } | null>(null);
  const rows = wants.data;

  // After the list arrived, so its rows can still say which matches are new; again when a refresh (a match pushed
  // while the tab is open) brings new ones.
  useEffect(() => {
    if (!rows) return;
    if (markedOnce.current && !rows.some((want) => want.newMatches > 0)) return;
    markedOnce.current = true;
    markSeen();
  }, [rows, markSeen]);

  // A deleted want's row takes the focused button with it (the dialog's, or the row's Delete once the dialog closed),
  // and focus would fall back to the page's body. Once it is gone, focus goes to the first button of the card that
  // took its place (or of the new last one), else to 'Add a want'. Only when focus was lost: a want whose delete
  // failed and that a refresh removes later must not pull focus from wherever the user has gone since.
  useEffect(() => {
    const deleted = deleting.current;
    if (!deleted || !rows || rows.some((want) => want._id === deleted.id)) return;
    deleting.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    const cards = listRef.current?.children;
    const card = cards?.[Math.min(deleted.index, cards.length - 1)];
    (card?.querySelector('button') ?? addRef.current)?.focus();
  }, [rows]);

  const active = rows?.filter((want) => !want.paused && !want.isExpired).length ?? 0;

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <p className={styles.lead}>
          {rows ? `${active} of ${WANT_LIMITS.active} active wants. ` : null}
          A want alerts you when a matching listing goes on sale.
        </p>
        <Button ref={addRef} size="sm" onClick={() => setAdding(true)}>
          {TEXTS.addWant}
        </Button>
      </div>
      <ListState query={wants} rows={rows} empty={TEXTS.empty} failed={TEXTS.loadFailed} loadingLabel="Loading wants" skeletonHeight={120}>
        {(loaded) => (
          <ul ref={listRef} className={styles.list} aria-label="Wants">
            {loaded.map((want, index) => (
              <WantRow
                key={want._id}
                want={want}
                choices={choices}
                onDelete={() => (deleting.current = { id: want._id, index })}
              />
            ))}
          </ul>
        )}
      </ListState>
      <WantFormModal open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
