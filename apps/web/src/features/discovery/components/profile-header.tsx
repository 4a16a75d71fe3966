import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SELLER_TOOL_TEXTS, type UserProfile } from '@keeb/shared';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { ForumBadge } from '../../../components/forum-badge';
import { RatingMeter } from '../../../components/rating-meter';
import { TrustPanel } from '../../../components/trust-panel';
import { formatDay, formatKarma } from '../../../lib/format';
import { loginPath } from '../../../lib/return-url';
import { useIsLoggedIn } from '../../../lib/session';
import { TEAM_EMAIL } from '../../../lib/site';
import { useMessageUser } from '../../chat/api/conversation-actions';
import { useFollowToggle, type FollowDirection } from '../api/profiles';
import { FollowListModal } from './follow-list-modal';
import styles from './profile-header.module.css';

interface ProfileHeaderProps {
  profile: UserProfile;
  /** 1 on /u/{username}, where the username is the page's heading; 2 under /me's own heading. */
  headingLevel?: 1 | 2;
}

/** '3 Followers', '1 Follower', '1,204 Sales'. */
function countLabel(count: number, one: string, many: string): [string, string] {
  return [count.toLocaleString(), count === 1 ? one : many];
}

export function reportUserHref(username: string): string {
  const url = `${window.location.origin}/u/${encodeURIComponent(username)}`;
  return `mailto:${TEAM_EMAIL}?${new URLSearchParams({
    subject: `Report User: ${username}`,
    body: `User: ${url}\n\nWhat is wrong with this account?\n`,
  })
    .toString()
    .replace(/\+/g, '%20')}`;
}

/** Spec 2.6: the profile header on /me and /u/{username}. */
export function ProfileHeader({ profile, headingLevel = 1 }: ProfileHeaderProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = useId();
  const [openList, setOpenList] = useState<FollowDirection | null>(null);
  const profilePath = `/u/${encodeURIComponent(profile.username)}`;
  const [followers, followersWord] = countLabel(profile.numFollowers, 'Follower', 'Followers');
  const following = profile.numFollowing.toLocaleString();
  // The spec's transactions count (platform sales plus forum-transferred), worded as sales (issue 36): a buyer read
  // '0 Transactions' beside '1 confirmed trade', which the trust panel counts for both sides.
  const [transactions, transactionsWord] = countLabel(profile.transactions, 'Sale', 'Sales');

  return (
    <section className={styles.header} aria-labelledby={headingId}>
      <div className={styles.avatar}>
        <Avatar src={profile.avatar} username={profile.username} size="xl" />
      </div>
      <div className={styles.body}>
        <div className={styles.identity}>
          <div className={styles.nameRow}>
            <Heading id={headingId} className={styles.username}>
              {profile.username}
            </Heading>
            {profile.shippingRegion ? (
              <span className={styles.region} title={`Ships from ${profile.shippingRegion.name}`}>
                <span className="visually-hidden">Ships from </span>
                {profile.shippingRegion.code}
              </span>
            ) : null}
            {profile.reddit.isLinked ? <ForumBadge /> : null}
          </div>
          <p className={styles.karma}>{formatKarma(profile.karma)}</p>
          {profile.awayUntil ? (
            <p className={styles.away}>
              {profile.isUserProfile
                ? SELLER_TOOL_TEXTS.awayOwnBanner(formatDay(profile.awayUntil))
                : SELLER_TOOL_TEXTS.awayBanner(profile.username, formatDay(profile.awayUntil))}
            </p>
          ) : null}
        </div>

        <div className={styles.stats}>
          <button type="button" className={styles.stat} onClick={() => setOpenList('followers')}>
            <strong>{followers}</strong> <span>{followersWord}</span>
          </button>
          <button type="button" className={styles.stat} onClick={() => setOpenList('following')}>
            <strong>{following}</strong> <span>Following</span>
          </button>
          <p className={styles.stat}>
            <strong>{transactions}</strong> <span>{transactionsWord}</span>
          </p>
        </div>

        <Link to={`${profilePath}/rating`} className={styles.rating}>
          <RatingMeter overall={profile.rating.overall} count={profile.rating.count} />{' '}
          <span className={styles.ratingLabel}>Seller Feedback</span>
        </Link>

        <TrustPanel trust={profile.trust} className={styles.trust} />

        {profile.bio ? <p className={styles.bio}>{profile.bio}</p> : null}

        {profile.isUserProfile ? null : <ProfileActions profile={profile} />}
      </div>

      <FollowListModal username={profile.username} direction={openList} onClose={() => setOpenList(null)} />
    </section>
  );
}

/** Follow/Unfollow, Message and Report: what a visitor can do about someone else's profile. */
function ProfileActions({ profile }: { profile: UserProfile }) {
  const isLoggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useFollowToggle(profile.username);
  const message = useMessageUser();
  const here = loginPath(`${location.pathname}${location.search}`);

  const onFollow = () => {
    if (!isLoggedIn) {
      void navigate(here);
      return;
    }
    toggle.mutate(!profile.isFollowing);
  };

  return (
    <div className={styles.actions} role="group" aria-label="Profile actions">
      <Button
        variant={profile.isFollowing ? 'secondary' : 'primary'}
        size="sm"
        pending={toggle.isPending}
        onClick={onFollow}
      >
        {profile.isFollowing ? 'Unfollow' : 'Follow'}
      </Button>
      {isLoggedIn ? (
        <button
          type="button"
          className={styles.message}
          disabled={message.isPending}
          onClick={() => message.mutate({ userId: profile._id })}
        >
          Message
        </button>
      ) : (
        <Link to={here} className={styles.message}>
          Message
        </Link>
      )}
      <a href={reportUserHref(profile.username)} className={styles.report}>
        Report
      </a>
      {toggle.isError || message.isError ? (
        <p className={styles.error} role="alert">
          That did not work. Please try again.
        </p>
      ) : null}
    </div>
  );
}

/** The header's shape while the profile loads. */
export function ProfileHeaderSkeleton() {
  return (
    <div className={`${styles.header} ${styles.skeleton}`} role="status">
      <span className="visually-hidden">Loading profile…</span>
      <div className={styles.avatar}>
        <span className={styles.bone} />
      </div>
      <div className={styles.body} aria-hidden="true">
        <span className={styles.bone} style={{ width: 180, height: 28 }} />
        <span className={styles.bone} style={{ width: 260, height: 40 }} />
        <span className={styles.bone} style={{ width: 140, height: 20 }} />
      </div>
    </div>
  );
}
