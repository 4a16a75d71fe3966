import { EMAIL_PREFERENCE_KEYS, type EmailPreferenceKey, type EmailPreferences } from '@keeb/shared';
import { CheckboxField } from '../../../components/form-fields';
import styles from './settings-sections.module.css';

/** The ten email-notification flags (spec 3), in words. */
export const EMAIL_PREFERENCE_LABELS: Record<EmailPreferenceKey, string> = {
  itemSell: 'One of my items sells',
  offers: 'I get an offer or an answer to my offer',
  updates: 'News and updates from the marketplace',
  messages: 'Someone sends me a message',
  offerSavedItem: 'An item I saved gets an offer',
  soldSavedItem: 'An item I saved is sold',
  updatedSavedItem: 'An item I saved is updated',
  removedSavedItem: 'An item I saved is removed',
  followedSellerListed: 'A seller I follow lists an item',
  itemComments: 'Someone comments on my item',
};

interface EmailPreferencesFieldsetProps {
  value: EmailPreferences;
  onChange: (value: EmailPreferences) => void;
}

export function EmailPreferencesFieldset({ value, onChange }: EmailPreferencesFieldsetProps) {
  return (
    <fieldset className={styles.preferences}>
      <legend>Email me when...</legend>
      {EMAIL_PREFERENCE_KEYS.map((key) => (
        <CheckboxField
          key={key}
          name={`emailPreferences.${key}`}
          label={EMAIL_PREFERENCE_LABELS[key]}
          checked={value[key]}
          onChange={(event) => onChange({ ...value, [key]: event.target.checked })}
        />
      ))}
    </fieldset>
  );
}
