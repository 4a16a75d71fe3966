import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { SELLER_TOOL_ERRORS, SELLER_TOOL_LIMITS, SELLER_TOOL_TEXTS, type AwayStatus, type Settings } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextField } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-error';
import { formatDay } from '../../../lib/format';
import { sessionKeys } from '../../../lib/session';
import { endAway, setAway } from '../api/away';
import { TEXTS } from '../messages';
import styles from './settings-sections.module.css';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The date input's bounds, 'YYYY-MM-DD' in UTC: the server reads the date as 00:00 UTC, so tomorrow in UTC is the
 * first day always in the future, and today + 90 in UTC never passes its 90-day limit, wherever the reader is.
 */
export function awayDateBounds(now: number = Date.now()): { min: string; max: string } {
  const day = (offset: number) => new Date(now + offset * DAY_MS).toISOString().slice(0, 10);
  return { min: day(1), max: day(SELLER_TOOL_LIMITS.awayMaxDays) };
}

/** The day's rule, as the server's: empty, not a day, or outside the bounds. */
function awayDateError(value: string, bounds: { min: string; max: string }): string | null {
  if (value === '') return TEXTS.awayDateRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < bounds.min || value > bounds.max) return TEXTS.awayDateRange;
  return null;
}

/**
 * Away mode (issue 29): 'Away until' a day from tomorrow to 90 days ahead; meanwhile the seller's listings are
 * hidden and offers and purchases refused. The state comes with the settings (GET /me/settings, `awayUntil`).
 */
export function AwaySection({ awayUntil }: { awayUntil: string | null }) {
  const queryClient = useQueryClient();
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const bounds = awayDateBounds();

  const applied = (status: AwayStatus) => {
    queryClient.setQueryData<Settings>(sessionKeys.settings, (current) => current && { ...current, awayUntil: status.until });
    setUntil('');
    setError(null);
    // The profile header and the item pages say whether the seller is away: they reload when next shown.
    void queryClient.invalidateQueries({ queryKey: ['profiles'], refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: ['item'], refetchType: 'none' });
  };

  const turnOn = useMutation({
    mutationFn: setAway,
    onSuccess: applied,
    onError: (failure) => setError(isApiError(failure) && failure.code === SELLER_TOOL_ERRORS.awayUntil ? TEXTS.awayDateRange : TEXTS.somethingWentWrong),
  });
  const turnOff = useMutation({
    mutationFn: endAway,
    onSuccess: applied,
    onError: () => setError(TEXTS.somethingWentWrong),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (turnOn.isPending) return;
    const rule = awayDateError(until, bounds);
    setError(rule);
    if (rule === null) turnOn.mutate(until);
  };

  return (
    <section className={styles.section} aria-labelledby="away-title">
      <div className={styles.sectionHeader}>
        <h2 id="away-title" className={styles.sectionTitle}>
          Away mode
        </h2>
        <p className={styles.sectionLead}>{TEXTS.awayLead}</p>
      </div>
      {awayUntil ? (
        <div className={styles.stack}>
          <FormBanner tone="info">{SELLER_TOOL_TEXTS.awayOwnBanner(formatDay(awayUntil))}</FormBanner>
          {error ? <FormBanner tone="error">{error}</FormBanner> : null}
          <div>
            <Button variant="secondary" pending={turnOff.isPending} onClick={() => turnOff.mutate()}>
              Turn off
            </Button>
          </div>
        </div>
      ) : (
        <form className={styles.stack} onSubmit={onSubmit} noValidate>
          <TextField
            label="Away until"
            name="awayUntil"
            type="date"
            min={bounds.min}
            max={bounds.max}
            hint={TEXTS.awayHint}
            value={until}
            onChange={(event) => {
              setUntil(event.target.value);
              if (error) setError(null);
            }}
            error={error ?? undefined}
          />
          <div>
            <Button type="submit" pending={turnOn.isPending}>
              Turn on
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
