import { Link } from 'react-router-dom';
import type { ScamWarning } from '@keeb/shared';
import { WARNING_LINK_TEXT, warningText } from '../messages';
import styles from './chat.module.css';

/** Shown to the recipient of a message the detector flagged: why, and the help topic on payment. */
export function ScamWarningNote({ warning }: { warning: ScamWarning }) {
  return (
    <div role="note" className={styles.warning}>
      <p>{warningText(warning)}</p>
      {/* Only a site path: the contract names a help path, never an outside address. */}
      {warning.helpPath.startsWith('/') && !warning.helpPath.startsWith('//') ? (
        <Link to={warning.helpPath}>{WARNING_LINK_TEXT}</Link>
      ) : null}
    </div>
  );
}
