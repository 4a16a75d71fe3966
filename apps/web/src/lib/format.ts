/** '1,234 karma': thousands separators follow the reader's locale. */
export function formatKarma(karma: number): string {
  return `${karma.toLocaleString()} karma`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec 9: how long ago something happened, as now, m, h, d, w, mo or y ago ('5m ago', '3w ago'). A time a
 * little in the future (clocks disagree) reads as now.
 */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return 'now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days < 7) return `${days}d ago`;
  if (days < 30) return `${Math.floor(days / 7)}w ago`;
  if (days < 365) return `${Math.min(11, Math.floor(days / 30))}mo ago`;
  return `${Math.floor(days / 365)}y ago`;
}

/** A countdown in the offers' form: '5h 3m 20s'. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}h ${m}m ${s}s`;
}

/**
 * A calendar day as the app writes dates ('Dec 24, 2026', like the wants' and the blog's short dates), read in UTC:
 * an away date is 00:00 UTC of the day the seller chose, so every reader sees that same day.
 */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
