import { useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { CloseIcon, SearchIcon } from '../../components/icons';
import { searchTarget } from './search-target';
import styles from './search-box.module.css';

/** The phone layout's width (the shell's breakpoint): its search box is too narrow for the long placeholder. */
const NARROW = '(max-width: 767.98px)';
const narrowQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(NARROW) : null);

function subscribeNarrow(onChange: () => void) {
  const query = narrowQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const isNarrow = () => narrowQuery()?.matches ?? false;

export function SearchBox({ className }: { className?: string }) {
  // At 390 px the box holds about 200 px of text: the whole placeholder must fit (a cut-off hint reads as broken).
  const narrow = useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
  const { searchText = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(searchText);
  const [shownTerm, setShownTerm] = useState(searchText);

  // The box shows the term of the results page it is on, and follows the URL when it changes.
  if (searchText !== shownTerm) {
    setShownTerm(searchText);
    setText(searchText);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = searchTarget(pathname, text);
    if (target === null) return;
    inputRef.current?.blur();
    void navigate(target);
  };

  const onClear = () => {
    setText('');
    inputRef.current?.focus();
  };

  return (
    <form role="search" className={`${styles.form} ${className ?? ''}`} onSubmit={onSubmit}>
      <SearchIcon className={styles.icon} size={18} />
      <input
        ref={inputRef}
        className={styles.input}
        type="search"
        name="q"
        aria-label="Search items"
        placeholder={narrow ? 'Search keyboards…' : 'Search keyboards, keycaps…'}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {text ? (
        <button type="button" className={styles.clear} onClick={onClear} aria-label="Clear search">
          <CloseIcon size={16} />
        </button>
      ) : null}
    </form>
  );
}
