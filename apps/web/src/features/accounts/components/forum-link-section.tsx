import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Settings } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { RedditIcon } from '../../../components/icons';
import { browser } from '../../../lib/browser';
import { sessionKeys } from '../../../lib/session';
import { useOAuthReturn } from '../../../lib/use-oauth-return';
import { getRedditRedirect, revokeReddit, transferRedditTrades, verifyReddit } from '../api/reddit';
import { TEXTS } from '../messages';
import styles from './settings-sections.module.css';

export const REDDIT_LINKED_TEXT = 'Your Reddit account is linked.';
export const REDDIT_LINK_FAILED_TEXT = 'There was an issue linking your Reddit account';

/** The forum's join date: an ISO date or a Unix time in seconds. */
function formatJoined(timeJoined: string | undefined): string {
  if (!timeJoined) return '-';
  const asNumber = Number(timeJoined);
  const date = Number.isFinite(asNumber) ? new Date(asNumber < 1e12 ? asNumber * 1000 : asNumber) : new Date(timeJoined);
  return Number.isNaN(date.getTime())
    ? timeJoined
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * The end of the forum's round trip: it sends the user back to /settings?code=..., which links the account.
 * Lives in the page (not the section) so it runs even before the providers are known.
 */
export function useRedditLinkCallback() {
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: verifyReddit,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.settings }),
  });
  useOAuthReturn(verify.mutate);

  return { linking: verify.isPending, linked: verify.isSuccess, failed: verify.isError };
}

type Reddit = Settings['reddit'];

/** Spec 2.12 and 4, forum link: unlinked, linked (trades untransferred or transferred), revoked. */
export function ForumLinkSection({ reddit }: { reddit: Reddit }) {
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const updateReddit = (next: Partial<Reddit>) =>
    queryClient.setQueryData<Settings>(sessionKeys.settings, (current) =>
      current ? { ...current, reddit: { ...current.reddit, ...next } } : current,
    );

  const link = useMutation({
    mutationFn: getRedditRedirect,
    onSuccess: (redirectUrl) => browser.assign(redirectUrl),
    onError: () => setFailed(true),
  });
  const transfer = useMutation({
    mutationFn: transferRedditTrades,
    onSuccess: (transactions) => updateReddit({ transactions }),
    onError: () => setFailed(true),
  });
  const unlink = useMutation({
    mutationFn: revokeReddit,
    onSuccess: () => {
      updateReddit({ isLinked: false, username: undefined, timeJoined: undefined, transactions: { count: 0, isTransferred: false } });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.settings });
    },
    onError: () => setFailed(true),
  });
  const busy = link.isPending || transfer.isPending || unlink.isPending;
  const run = (action: () => void) => () => {
    setFailed(false);
    action();
  };

  return (
    <section className={styles.section} aria-labelledby="forum-link-title">
      <div className={styles.sectionHeader}>
        <h2 id="forum-link-title" className={styles.sectionTitle}>
          Reddit
        </h2>
        <p className={styles.sectionLead}>
          {reddit.isLinked
            ? 'Your profile shows a Reddit badge. Only your Reddit username and join date are shared.'
            : 'Link your Reddit account to show a badge on your profile and bring over your trade count from the keyboard-trading community. Only your Reddit username and join date are shared.'}
        </p>
      </div>
      {failed ? <FormBanner tone="error">{TEXTS.somethingWentWrong}</FormBanner> : null}
      {reddit.isLinked ? (
        <>
          <dl className={styles.forumFacts}>
            <div className={styles.fact}>
              <dt>Username</dt>
              <dd>u/{reddit.username}</dd>
            </div>
            <div className={styles.fact}>
              <dt>Joined</dt>
              <dd>{formatJoined(reddit.timeJoined)}</dd>
            </div>
            <div className={styles.fact}>
              <dt>Trades</dt>
              <dd>
                {reddit.transactions.count}
                {reddit.transactions.isTransferred ? ' transferred' : ' not transferred'}
              </dd>
            </div>
          </dl>
          <div className={styles.buttons}>
            {reddit.transactions.isTransferred ? null : (
              <Button variant="primary" size="sm" pending={transfer.isPending} disabled={busy} onClick={run(() => transfer.mutate())}>
                Transfer trades
              </Button>
            )}
            <Button variant="secondary" size="sm" pending={unlink.isPending} disabled={busy} onClick={run(() => unlink.mutate())}>
              Unlink
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.buttons}>
          <Button variant="secondary" size="sm" pending={link.isPending} disabled={busy} onClick={run(() => link.mutate())}>
            <RedditIcon size={18} />
            Link Reddit Account
          </Button>
        </div>
      )}
    </section>
  );
}
