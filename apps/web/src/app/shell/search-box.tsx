import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { CloseIcon, SearchIcon } from '../../components/icons';
import { searchTarget } from './search-target';
import styles from './search-box.module.css';

export function SearchBox({ className }: { className?: string }) {
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
        placeholder="Search keyboards, keycaps…"
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
