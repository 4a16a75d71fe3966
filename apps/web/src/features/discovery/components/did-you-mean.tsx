import { Fragment } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSearchSuggestions } from '../api/search-suggestions';
import styles from './did-you-mean.module.css';

/** The same results page (items, a category's, vendor products') for another search text. */
const searchPathFor = (pathname: string, text: string) => pathname.replace(/\/search\/[^/]*$/, `/search/${encodeURIComponent(text)}`);

/**
 * 'Did you mean ...?' under a search's heading when some word of it is in no public listing: links to the
 * suggested searches, in the same scope. Nothing while loading, on failure, or without suggestions.
 */
export function DidYouMean({ searchText }: { searchText: string | undefined }) {
  const { pathname } = useLocation();
  const { data } = useSearchSuggestions(searchText);
  const suggestions = data?.suggestions ?? [];
  if (suggestions.length === 0) return null;
  return (
    <p className={styles.didYouMean}>
      Did you mean{' '}
      {suggestions.map((text, i) => (
        <Fragment key={text}>
          {i > 0 ? (i === suggestions.length - 1 ? ' or ' : ', ') : null}
          <Link to={searchPathFor(pathname, text)} className={styles.suggestion}>
            {text}
          </Link>
        </Fragment>
      ))}
      ?
    </p>
  );
}
