import { TRADE_ERRORS } from '@keeb/shared';
import { Link } from 'react-router-dom';
import { FormBanner } from '../../../components/form-banner';
import { tradeErrorText } from '../messages';
import styles from './trade-modals.module.css';

/** Proposing or countering a trade needs one's mailing address (each side ships): said before the form is sent. */
export function NoAddressBanner() {
  return (
    <FormBanner tone="warning">
      {tradeErrorText(TRADE_ERRORS.noAddress)}{' '}
      <Link to="/settings" className={styles.settingsLink}>
        Settings
      </Link>
    </FormBanner>
  );
}
