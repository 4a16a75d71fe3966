import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  AccountUpdateInputSchema,
  BIO_MAX,
  normaliseEmail,
  WANT_ALERT_MODES,
  type EmailPreferences,
  type Settings,
  type WantAlertMode,
} from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { SelectField, TextAreaField, TextField } from '../../../components/form-fields';
import { BackIcon } from '../../../components/icons';
import { useMobileAccessory } from '../../../lib/page-meta';
import { isStorageUnavailable, STORAGE_UNAVAILABLE_TEXT } from '../../../lib/photo-store';
import { useRegions } from '../../../lib/reference/get-regions';
import { sessionKeys } from '../../../lib/session';
import { useFormError } from '../../../lib/use-form-error';
import { validate } from '../../../lib/validation';
import { resendConfirmation } from '../api/confirm-email';
import { useAuthProviders } from '../api/get-auth-providers';
import { updateAccount, uploadAvatar, useSettings, type AccountUpdatePayload } from '../api/settings';
import { AvatarUpload, AVATAR_TYPE_TEXT, AVATAR_UPLOAD_FAILED_TEXT, isAvatarType } from '../components/avatar-upload';
import { AwaySection } from '../components/away-section';
import { ChangePasswordSection } from '../components/change-password-section';
import { EmailPreferencesFieldset } from '../components/email-preferences-fieldset';
import { MailingAddressSection } from '../components/mailing-address-section';
import {
  ForumLinkSection,
  REDDIT_LINKED_TEXT,
  REDDIT_LINK_FAILED_TEXT,
  useRedditLinkCallback,
} from '../components/forum-link-section';
import { ReferralLink } from '../components/referral-link';
import { RemoveAccountSection } from '../components/remove-account-section';
import sectionStyles from '../components/settings-sections.module.css';
import { settingsErrorText, settingsRuleText, TEXTS } from '../messages';
import styles from './settings-page.module.css';

/** Spec 4 and 9: the profile stats (avatar, username in the navbar) refresh 4 s after saving. */
export const PROFILE_STATS_REFRESH_MS = 4_000;
const TOAST_MS = 6_000;

const WANT_ALERT_OPTIONS: { value: WantAlertMode; label: string }[] = [
  { value: 'instant', label: 'Instant (one email per match)' },
  { value: 'daily', label: 'Daily digest' },
];
const isWantAlertMode = (value: string): value is WantAlertMode => (WANT_ALERT_MODES as readonly string[]).includes(value);

type Toast = typeof TEXTS.changesSaved | typeof TEXTS.verificationLinkSent;

/** /settings (spec 2.12). */
export function SettingsPage() {
  const settings = useSettings();
  const { providers } = useAuthProviders();
  const redditLink = useRedditLinkCallback();
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first page of the visit: with nothing to go back to, back means home.
  const goBack = () => void (location.key === 'default' ? navigate('/') : navigate(-1));

  return (
    <section className={styles.page}>
      <div className={styles.titleRow}>
        <button type="button" className={styles.back} onClick={goBack}>
          <BackIcon size={18} />
          Back
        </button>
        <h1 className={styles.heading}>Settings</h1>
      </div>
      {redditLink.linked ? <FormBanner tone="success">{REDDIT_LINKED_TEXT}</FormBanner> : null}
      {redditLink.failed ? <FormBanner tone="error">{REDDIT_LINK_FAILED_TEXT}</FormBanner> : null}
      {settings.data ? (
        <SettingsForm key={settings.data._id._id} settings={settings.data} showForumLink={providers.reddit} />
      ) : settings.isError ? (
        <FormBanner tone="error">
          We couldn't load your settings.{' '}
          <Button variant="ghost" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </FormBanner>
      ) : (
        <p className={styles.loading} role="status">
          Loading settings...
        </p>
      )}
    </section>
  );
}

function SettingsForm({ settings, showForumLink }: { settings: Settings; showForumLink: boolean }) {
  const queryClient = useQueryClient();
  const regions = useRegions();
  const account = settings._id;
  const federatedWith = account.googleId ? 'Google' : account.facebookId ? 'Facebook' : null;

  const [username, setUsername] = useState(settings.username);
  const [bio, setBio] = useState(settings.bio);
  const [email, setEmail] = useState(account.email);
  const [emailAgain, setEmailAgain] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [shippingRegion, setShippingRegion] = useState(settings.shippingRegion?.code ?? '');
  const [emailPreferences, setEmailPreferences] = useState<EmailPreferences>(account.emailPreferences);
  const [wantAlerts, setWantAlerts] = useState<WantAlertMode>(settings.wantAlerts);
  const [newPhoto, setNewPhoto] = useState<string>();
  const [avatarError, setAvatarError] = useState<string>();
  const [toast, setToast] = useState<Toast | null>(null);
  const form = useFormError();

  const emailChanged = !federatedWith && normaliseEmail(email) !== normaliseEmail(account.email);
  // A stolen session must not move the address (and then reset the password through it).
  const needsCurrentPassword = emailChanged && account.hasPassword;

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const avatarUpload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (url) => setNewPhoto(url),
    onError: (error) => setAvatarError(isStorageUnavailable(error) ? STORAGE_UNAVAILABLE_TEXT : AVATAR_UPLOAD_FAILED_TEXT),
  });

  const save = useMutation({
    mutationFn: updateAccount,
    onSuccess: (saved) => {
      queryClient.setQueryData(sessionKeys.settings, saved);
      // The form shows what was saved (the username without its spaces, the email lowercased).
      setNewPhoto(undefined);
      setUsername(saved.username);
      setBio(saved.bio);
      setEmail(saved._id.email);
      setEmailAgain('');
      setCurrentPassword('');
      setToast(TEXTS.changesSaved);
      // The page may be gone by then; the query client is not.
      window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: sessionKeys.profileStats }),
        PROFILE_STATS_REFRESH_MS,
      );
    },
    onError: (error) => {
      const text = settingsErrorText(error);
      if (text) form.setError(text);
    },
  });

  const resend = useMutation({
    mutationFn: resendConfirmation,
    onSuccess: () => setToast(TEXTS.verificationLinkSent),
  });

  const busy = save.isPending || avatarUpload.isPending;

  const saveChanges = () => {
    if (busy) return;
    const result = validate(AccountUpdateInputSchema, {
      username,
      bio,
      shippingRegion,
      ...(federatedWith ? {} : { email }),
    });
    if (!result.ok) {
      form.setError({
        field: result.field,
        message: result.field === 'bio' ? TEXTS.bioTooLong : settingsRuleText(result.code, username),
      });
      return;
    }
    if (emailChanged && emailAgain.trim() === '') {
      form.setError({ field: 'emailConfirm', message: TEXTS.mustConfirmEmail });
      return;
    }
    if (emailChanged && normaliseEmail(emailAgain) !== normaliseEmail(email)) {
      form.setError({ field: 'emailConfirm', message: TEXTS.emailsMustMatch });
      return;
    }
    if (needsCurrentPassword && currentPassword === '') {
      form.setError({ field: 'currentPassword', message: TEXTS.passwordRequired });
      return;
    }
    form.clearError();
    const { data } = result;
    const payload: AccountUpdatePayload = {
      ...(newPhoto ? { profilePhoto: newPhoto } : {}),
      username: data.username,
      bio: data.bio,
      ...(federatedWith || data.email === undefined ? {} : { email: data.email }),
      shippingRegion: data.shippingRegion,
      emailPreferences,
      wantAlerts,
      ...(needsCurrentPassword ? { currentPassword } : {}),
    };
    save.mutate(payload);
  };

  useMobileAccessory({ label: 'Save', onClick: saveChanges, disabled: busy });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    saveChanges();
  };

  const onAvatarFile = (file: File) => {
    if (!isAvatarType(file)) {
      setAvatarError(AVATAR_TYPE_TEXT);
      return;
    }
    setAvatarError(undefined);
    avatarUpload.mutate(file);
  };

  const regionOptions = (regions.data ?? []).map((region) => ({ value: region.code, label: region.name }));
  if (settings.shippingRegion && !regionOptions.some((option) => option.value === settings.shippingRegion?.code)) {
    regionOptions.unshift({ value: settings.shippingRegion.code, label: settings.shippingRegion.name });
  }

  return (
    <>
      <form ref={form.formRef} className={styles.form} onSubmit={onSubmit} onChange={form.onFormChange} noValidate>
        {form.bannerError ? <FormBanner tone="error">{form.bannerError}</FormBanner> : null}

        <section className={sectionStyles.section} aria-labelledby="profile-title">
          <h2 id="profile-title" className={sectionStyles.sectionTitle}>
            Profile
          </h2>
          <AvatarUpload
            src={newPhoto ?? settings.avatar}
            username={username}
            pending={avatarUpload.isPending}
            error={avatarError}
            onFile={onAvatarFile}
          />
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={form.fieldError('username')}
          />
          <TextAreaField
            label="Bio"
            name="bio"
            rows={3}
            maxLength={BIO_MAX}
            hint={`${bio.length}/${BIO_MAX}`}
            value={bio}
            onChange={(event) => setBio(event.target.value)}
            error={form.fieldError('bio')}
          />
        </section>

        {showForumLink ? <ForumLinkSection reddit={settings.reddit} /> : null}

        <section className={sectionStyles.section} aria-labelledby="account-title">
          <h2 id="account-title" className={sectionStyles.sectionTitle}>
            Account
          </h2>
          <div className={styles.emailBlock}>
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              readOnly={federatedWith !== null}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={form.fieldError('email')}
              labelAside={
                account.didConfirmEmail ? (
                  <span className={styles.verified}>Verified</span>
                ) : (
                  <span className={styles.unverified}>Unverified</span>
                )
              }
              hint={
                federatedWith
                  ? `Your account signs in with ${federatedWith}, so its email can't be changed.`
                  : emailChanged
                    ? "You'll need to confirm the new address before buying or selling."
                    : undefined
              }
            />
            {emailChanged ? (
              <TextField
                label="Re-enter email"
                name="emailConfirm"
                type="email"
                autoComplete="off"
                value={emailAgain}
                onChange={(event) => setEmailAgain(event.target.value)}
                error={form.fieldError('emailConfirm')}
              />
            ) : null}
            {needsCurrentPassword ? (
              <TextField
                label="Current password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                hint="Needed to change your email."
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
                error={form.fieldError('currentPassword')}
              />
            ) : null}
            {account.didConfirmEmail ? null : (
              <p className={styles.resendRow}>
                Confirm your email to buy and sell.
                <Button variant="ghost" size="sm" pending={resend.isPending} onClick={() => resend.mutate()}>
                  Resend Verification Link
                </Button>
              </p>
            )}
          </div>
          <SelectField
            label="Shipping region"
            name="shippingRegion"
            placeholder="Select shipping region"
            options={regionOptions}
            value={shippingRegion}
            onChange={(event) => setShippingRegion(event.target.value)}
            error={form.fieldError('shippingRegion')}
          />
        </section>

        <section className={sectionStyles.section} aria-labelledby="notifications-title">
          <h2 id="notifications-title" className={sectionStyles.sectionTitle}>
            Email Notifications
          </h2>
          <EmailPreferencesFieldset value={emailPreferences} onChange={setEmailPreferences} />
          <SelectField
            label="Want alerts"
            name="wantAlerts"
            hint="How we email you when a new listing matches one of your wants."
            options={WANT_ALERT_OPTIONS}
            value={wantAlerts}
            onChange={(event) => {
              if (isWantAlertMode(event.target.value)) setWantAlerts(event.target.value);
            }}
          />
        </section>

        <section className={sectionStyles.section} aria-labelledby="referral-title">
          <div className={sectionStyles.sectionHeader}>
            <h2 id="referral-title" className={sectionStyles.sectionTitle}>
              Invite Friends
            </h2>
            <p className={sectionStyles.sectionLead}>Earn karma when someone signs up with your link.</p>
          </div>
          <ReferralLink link={settings.referralLink} />
        </section>

        <div className={styles.saveRow}>
          <Button type="submit" pending={save.isPending} disabled={avatarUpload.isPending}>
            Save Changes
          </Button>
        </div>
      </form>

      <MailingAddressSection />

      <AwaySection awayUntil={settings.awayUntil ?? null} />

      {account.hasPassword ? <ChangePasswordSection /> : null}

      <RemoveAccountSection />

      {toast ? (
        <div className={styles.toast}>
          <FormBanner tone="success" onDismiss={() => setToast(null)}>
            {toast}
          </FormBanner>
        </div>
      ) : null}
    </>
  );
}
