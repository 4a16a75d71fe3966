import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { OFFERS_ITEM_PARAM } from '@keeb/shared';

/**
 * Issue 36: the row a mail or notice links (?item=<id>, packages/shared offersRowPath): it is marked
 * (aria-current, which the lists' CSS outlines) and brought into view once, when it first renders. Spread `props`
 * on the row's element; `linked` lets a closed panel open itself.
 */
export function useLinkedRow<T extends HTMLElement>(id: string) {
  const [params] = useSearchParams();
  const linked = params.get(OFFERS_ITEM_PARAM) === id;
  const ref = useRef<T>(null);
  useEffect(() => {
    // jsdom has no scrollIntoView; every browser the app supports has.
    if (linked) ref.current?.scrollIntoView?.({ block: 'center' });
  }, [linked]);
  return { linked, props: { ref, ...(linked ? { 'aria-current': 'true' as const } : {}) } };
}
