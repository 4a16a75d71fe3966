import { useEffect, useState } from 'react';
import { PriceHistorySummary } from './price-history-summary';

/** Waits this long after the last key before asking: one call per pause, not one per letter. */
export const PRICE_HINT_DELAY_MS = 400;
/** Shorter names match too much to price anything. */
const MIN_NAME_LENGTH = 3;

/** The sell form's pricing hint: what items named like `name` sold for, with their range. */
export function PriceHistoryHint({ name, className }: { name: string; className?: string }) {
  const typed = name.trim();
  const [settled, setSettled] = useState(typed);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(typed), PRICE_HINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const query = settled.length >= MIN_NAME_LENGTH ? { searchText: settled } : undefined;
  return <PriceHistorySummary query={query} showRange className={className} />;
}
