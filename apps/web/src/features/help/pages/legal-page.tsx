import { UrlTabs, type TabDef } from '../../../components/url-tabs';
import { DocumentView } from '../components/document-view';
import { LEGAL_EFFECTIVE_DATE } from '../content/legal/effective';
import { PRIVACY } from '../content/legal/privacy';
import { TERMS } from '../content/legal/terms';
import styles from './legal-page.module.css';

type LegalTab = 'terms' | 'privacy';

const TABS: readonly [TabDef<LegalTab>, ...TabDef<LegalTab>[]] = [
  { id: 'terms', label: 'Terms' },
  { id: 'privacy', label: 'Privacy' },
];

const DOCUMENTS = {
  terms: { title: 'Terms of Service', sections: TERMS },
  privacy: { title: 'Privacy Policy', sections: PRIVACY },
} as const;

/** /legal (spec part 2): Terms and Privacy tabs, the tab in ?tab= so a link can open Privacy (/legal?tab=privacy). */
export function LegalPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Legal</h1>
      <UrlTabs label="Legal documents" tabs={TABS}>
        {(tab) => (
          <div className={styles.document}>
            <h2 className={styles.title}>{DOCUMENTS[tab].title}</h2>
            <p className={styles.effective}>Effective {LEGAL_EFFECTIVE_DATE}</p>
            <DocumentView sections={DOCUMENTS[tab].sections} level={3} />
          </div>
        )}
      </UrlTabs>
    </div>
  );
}
