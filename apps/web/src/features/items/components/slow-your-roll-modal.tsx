import { useEffect, useState } from 'react';
import { AlertModal } from '../../../components/alert-modal';
import { formatDuration } from '../../../lib/format';

interface SlowYourRollModalProps {
  /** When listing is allowed again (ms since the epoch); null keeps the dialog closed. */
  until: number | null;
  onClose: () => void;
}

/** The posting limit was hit (too_many_posts): 'Try again in {time left}', counting down each second. */
export function SlowYourRollModal({ until, onClose }: SlowYourRollModalProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [until]);

  const secondsLeft = until === null ? 0 : Math.max(0, (until - now) / 1_000);
  return (
    <AlertModal open={until !== null} onClose={onClose} title="Slow Your Roll">
      <p>Try again in {formatDuration(secondsLeft)}</p>
    </AlertModal>
  );
}
