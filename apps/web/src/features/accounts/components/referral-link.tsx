import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form-fields';
import { browser } from '../../../lib/browser';
import styles from './settings-sections.module.css';

const COPIED_FOR_MS = 2_000;

/** The read-only referral link and a Copy button. */
export function ReferralLink({ link }: { link: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await browser.copyText(link);
      setCopied(true);
    } catch {
      // No clipboard access (insecure origin, denied): select the link so the user can copy it by hand.
      inputRef.current?.select();
    }
  };

  return (
    <div className={styles.copyRow}>
      <TextField ref={inputRef} label="Your referral link" name="referralLink" value={link} readOnly onFocus={(e) => e.target.select()} />
      <Button variant="secondary" onClick={() => void copy()} aria-live="polite">
        {copied ? 'Copied!' : 'Copy'}
      </Button>
    </div>
  );
}
