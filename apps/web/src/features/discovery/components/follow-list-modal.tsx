import { Link } from 'react-router-dom';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useFollowList, type FollowDirection } from '../api/profiles';
import styles from './follow-list-modal.module.css';

interface FollowListModalProps {
  username: string;
  /** Which list is open, or null when closed. */
  direction: FollowDirection | null;
  onClose: () => void;
}

const TITLES: Record<FollowDirection, string> = { followers: 'Followers', following: 'Following' };
const EMPTY: Record<FollowDirection, string> = { followers: 'No followers yet.', following: 'Not following anyone yet.' };

/** The users following `username`, or followed by them: each links to their profile; more load on request. */
export function FollowListModal({ username, direction, onClose }: FollowListModalProps) {
  return (
    <Modal open={direction !== null} onClose={onClose} title={direction ? TITLES[direction] : ''}>
      {direction ? <FollowList key={direction} username={username} direction={direction} onNavigate={onClose} /> : null}
    </Modal>
  );
}

function FollowList({ username, direction, onNavigate }: { username: string; direction: FollowDirection; onNavigate: () => void }) {
  const list = useFollowList(username, direction, true);
  const users = list.data?.pages.flat() ?? [];

  if (list.isPending) {
    return (
      <p className={styles.note} role="status">
        Loading…
      </p>
    );
  }
  if (users.length === 0) {
    return <p className={styles.note}>{list.isError ? 'This list could not be loaded. Please try again.' : EMPTY[direction]}</p>;
  }

  return (
    <>
      <ul className={styles.list} aria-label={TITLES[direction]}>
        {users.map((user) => (
          <li key={user._id}>
            <Link to={`/u/${encodeURIComponent(user.username)}`} className={styles.user} onClick={onNavigate}>
              <Avatar src={user.avatar} username={user.username} />
              <span className={styles.username}>{user.username}</span>
            </Link>
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          block
          className={styles.more}
          pending={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
      {list.isFetchNextPageError ? (
        <p className={styles.note} role="alert">
          More could not be loaded. Please try again.
        </p>
      ) : null}
    </>
  );
}
