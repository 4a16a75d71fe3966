import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * Lets a page refine what its route handle declares once it has data: the detail page titles itself with
 * the item name, settings puts a Save button in the mobile title bar.
 */
export interface PageAccessoryAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

interface PageMeta {
  title?: string;
  accessory?: PageAccessoryAction;
}

interface PageMetaSetters {
  setTitle: (title: string | undefined) => void;
  setAccessory: (accessory: PageAccessoryAction | undefined) => void;
}

const PageMetaStateContext = createContext<PageMeta>({});
const PageMetaSettersContext = createContext<PageMetaSetters | null>(null);

export function PageMetaProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string>();
  const [accessory, setAccessory] = useState<PageAccessoryAction>();
  const setters = useMemo<PageMetaSetters>(() => ({ setTitle, setAccessory }), []);
  const state = useMemo<PageMeta>(() => ({ title, accessory }), [title, accessory]);
  return (
    <PageMetaSettersContext.Provider value={setters}>
      <PageMetaStateContext.Provider value={state}>{children}</PageMetaStateContext.Provider>
    </PageMetaSettersContext.Provider>
  );
}

export const usePageMetaState = () => useContext(PageMetaStateContext);

function useSetters(): PageMetaSetters {
  const setters = useContext(PageMetaSettersContext);
  if (!setters) throw new Error('usePageTitle/useMobileAccessory need a PageMetaProvider');
  return setters;
}

/** Overrides the route's title (document title and mobile title bar) while the calling page is mounted. */
export function usePageTitle(title: string | undefined): void {
  const { setTitle } = useSetters();
  useEffect(() => {
    setTitle(title);
    return () => setTitle(undefined);
  }, [title, setTitle]);
}

/** Puts a text button at the right of the mobile title bar while the calling page is mounted. */
export function useMobileAccessory(accessory: PageAccessoryAction | undefined): void {
  const { setAccessory } = useSetters();
  const onClickRef = useRef(accessory?.onClick);
  useEffect(() => {
    onClickRef.current = accessory?.onClick;
  });
  const label = accessory?.label;
  const disabled = accessory?.disabled;
  useEffect(() => {
    setAccessory(label === undefined ? undefined : { label, disabled, onClick: () => onClickRef.current?.() });
    return () => setAccessory(undefined);
  }, [label, disabled, setAccessory]);
}
