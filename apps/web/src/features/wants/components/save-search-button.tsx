import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loginPath } from '../../../lib/return-url';
import { useIsLoggedIn } from '../../../lib/session';
import { TEXTS } from '../messages';
import type { WantDraft } from './want-form-modal';
import styles from './save-search-button.module.css';

// The form (and the schema it checks with) loads on the first click, not with the feed.
const WantFormModal = lazy(async () => ({ default: (await import('./want-form-modal')).WantFormModal }));

/** Where the vault's Wants tab is (the alert mails link there too). */
const WANTS_TAB_PATH = '/me/vault?tab=wants';

function BellIcon() {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** The feed's search as a want starts: its words, categories, regions and sale type (no price: the feed has none). */
export type FeedSearchDraft = Omit<WantDraft, 'maxPrice'>;

const keyOf = (search: FeedSearchDraft) => JSON.stringify(search);

/**
 * 'Save this search as a want' under a search or a filtered feed: opens the want form prefilled with it. A visitor
 * goes to the login page and comes back here, as with saving an item.
 */
export function SaveSearchButton({ search }: { search: FeedSearchDraft }) {
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [savedSearch, setSavedSearch] = useState<string | null>(null);

  if (savedSearch === keyOf(search)) {
    return (
      <p className={styles.saved} role="status">
        {TEXTS.savedToWants}.{' '}
        <Link to={WANTS_TAB_PATH} className={styles.link}>
          {TEXTS.viewWants}
        </Link>
      </p>
    );
  }

  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        onClick={() => {
          if (isLoggedIn) setOpen(true);
          else void navigate(loginPath(`${location.pathname}${location.search}`));
        }}
      >
        <BellIcon />
        {TEXTS.saveSearch}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <WantFormModal
            open
            onClose={() => setOpen(false)}
            initial={{ ...search, maxPrice: null }}
            onSaved={() => setSavedSearch(keyOf(search))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
