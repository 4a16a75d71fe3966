import { Modal } from '../../../components/modal';
import { useGiveawayEntries } from '../api/get-giveaway-entries';
import styles from './giveaway-entries-dialog.module.css';

/** The Entries dialog: number, full name, username and email of every entry, and the total. Failures are silent. */
export function GiveawayEntriesDialog({ postId, title, open, onClose }: { postId: string; title: string; open: boolean; onClose: () => void }) {
  const query = useGiveawayEntries(postId, open);
  const entries = query.data;
  return (
    <Modal open={open} onClose={onClose} title="Giveaway entries" variant="wide">
      <div className={styles.body}>
        {entries ? (
          <>
            <p className={styles.total}>
              Total entries: <strong>{entries.length}</strong>
            </p>
            {/* Focusable so that keyboard users can scroll a table wider than the dialog. */}
            <div className={styles.scroll} role="region" aria-label="Entries table" tabIndex={0}>
              <table className={styles.table}>
                <caption className={styles.caption}>Entries of “{title}”</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col" className={styles.name}>
                      Full name
                    </th>
                    <th scope="col">Username</th>
                    <th scope="col">Email</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.userId._id}>
                      <td>{entry.number}</td>
                      <td className={styles.name}>{entry.fullName}</td>
                      <td>{entry.userId.username}</td>
                      <td>{entry.userId.email}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : query.isPending ? (
          <p aria-busy="true">Loading entries…</p>
        ) : null}
      </div>
    </Modal>
  );
}
