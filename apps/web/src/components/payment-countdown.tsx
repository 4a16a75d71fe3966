import { useEffect, useState } from 'react';
import { PAYMENT_WINDOW_MS } from '@keeb/shared';

/** '[5h 3m 20s left to pay]' (spec part 2, section 4). */
export function leftToPay(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `[${h}h ${m}m ${s}s left to pay]`;
}

/**
 * The 24-hour window of an accepted offer, ticking each second: '[{h}h {m}m {s}s left to pay]', then '[expired]'.
 * Shared: the Offers screen and the item page both show it.
 */
export function PaymentCountdown({ timeAccepted, className }: { timeAccepted: string; className?: string }) {
  const deadline = new Date(timeAccepted).getTime() + PAYMENT_WINDOW_MS;
  const [now, setNow] = useState(() => Date.now());
  const over = now >= deadline;
  useEffect(() => {
    if (over) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [over]);
  // Screen readers hear the text when it is reached, not a change every second.
  return (
    <span className={className} aria-live="off">
      {over ? '[expired]' : leftToPay((deadline - now) / 1000)}
    </span>
  );
}
