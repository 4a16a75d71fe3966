import { useEffect, useState } from 'react';
import { PAYMENT_WINDOW_MS } from '@keeb/shared';
import { leftToPay, TEXTS } from '../messages';

/** The 24-hour window of an accepted offer, ticking each second: '[{h}h {m}m {s}s left to pay]', then '[expired]'. */
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
      {over ? TEXTS.expired : leftToPay((deadline - now) / 1000)}
    </span>
  );
}
