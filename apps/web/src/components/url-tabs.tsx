import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import styles from './url-tabs.module.css';

export interface TabDef<T extends string> {
  id: T;
  /** Its text, and maybe a count badge beside it. */
  label: ReactNode;
}

interface UrlTabsProps<T extends string> {
  /** Names the tab list for screen readers: 'My items'. */
  label: string;
  /** The first tab is the default and leaves the URL bare. */
  tabs: readonly [TabDef<T>, ...TabDef<T>[]];
  /** The selected tab's content; only that panel is mounted, so only its list loads. */
  children: (tab: T) => ReactNode;
}

const PARAM = 'tab';

/**
 * WAI-ARIA tabs (tablist, tab, tabpanel; arrow keys, Home and End move and select) whose selection lives in
 * the URL's ?tab, so a refresh or coming back to the page shows the same tab. Switching replaces the history
 * entry: Back leaves the page instead of walking through every tab pressed.
 */
export function UrlTabs<T extends string>({ label, tabs, children }: UrlTabsProps<T>) {
  const [params, setParams] = useSearchParams();
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const requested = params.get(PARAM);
  const selected = tabs.find((tab) => tab.id === requested) ?? tabs[0];

  const select = (tab: TabDef<T>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (tab.id === tabs[0].id) next.delete(PARAM);
        else next.set(PARAM, tab.id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the focused tab, not the rendered selection: a quick second key press may beat the re-render.
    const focused = tabs.findIndex((tab) => tabRefs.current.get(tab.id) === event.target);
    const index = focused >= 0 ? focused : tabs.findIndex((tab) => tab.id === selected.id);
    const target =
      event.key === 'ArrowRight'
        ? tabs[(index + 1) % tabs.length]
        : event.key === 'ArrowLeft'
          ? tabs[(index - 1 + tabs.length) % tabs.length]
          : event.key === 'Home'
            ? tabs[0]
            : event.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (!target) return;
    event.preventDefault();
    select(target);
    tabRefs.current.get(target.id)?.focus();
  };

  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => select(tab)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected.id)} tabIndex={0} className={styles.panel}>
        {children(selected.id)}
      </div>
    </div>
  );
}
