import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { UserProfile } from '@keeb/shared';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/page-meta';
import { sellerListedSource, useProfile } from '../api/profiles';
import { EmptyState, ItemList } from '../components/item-list';
import { ProfileHeader, ProfileHeaderSkeleton } from '../components/profile-header';
import styles from './profile-pages.module.css';

/** /u/{username} (spec 2.5). Keyed by username: moving to another seller starts from a fresh page. */
export function SellerProfilePage() {
  const { id = '' } = useParams();
  return <SellerProfile key={id.toLowerCase()} username={id} />;
}

function SellerProfile({ username }: { username: string }) {
  const navigate = useNavigate();
  const profile = useProfile(username);
  const notFound = isApiError(profile.error) && profile.error.status === 404;
  usePageTitle(profile.data?.username ?? username);

  useEffect(() => {
    if (notFound) void navigate('/404', { replace: true });
  }, [notFound, navigate]);

  if (notFound) return null;

  return (
    <div className={styles.page}>
      {profile.data ? (
        <ProfileHeader profile={profile.data} headingLevel={1} />
      ) : profile.isError ? (
        <p className={styles.error} role="alert">
          This profile could not be loaded. Please try again.
        </p>
      ) : (
        <ProfileHeaderSkeleton />
      )}
      {profile.data ? <ItemsForSale profile={profile.data} /> : null}
    </div>
  );
}

function ItemsForSale({ profile }: { profile: UserProfile }) {
  return (
    <section className={styles.section} aria-labelledby="items-for-sale">
      <h2 id="items-for-sale" className={styles.sectionHeading}>
        Items For Sale <span className={styles.count}>{profile.numForSale.toLocaleString()}</span>
      </h2>
      <ItemList source={sellerListedSource(profile.username)} label="Items for sale" empty={<EmptyState title="No Items" />} />
    </section>
  );
}
