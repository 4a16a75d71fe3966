import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { BlogSummary } from '@keeb/shared';
import { AlertModal } from '../../../components/alert-modal';
import { Button } from '../../../components/button';
import { closeGiveaway } from '../api/close-giveaway';
import { deleteBlogPost } from '../api/delete-blog-post';
import { blogKeys } from '../api/keys';
import { publishBlogPost } from '../api/publish-blog-post';
import { GiveawayEntriesDialog } from './giveaway-entries-dialog';
import styles from './blog-admin-actions.module.css';

type Action = 'publish' | 'close' | 'delete';

const CONFIRM: Record<Action, { title: string; message: (title: string) => string; label: string; danger?: boolean }> = {
  publish: { title: 'Publish post', message: (t) => `Publish “${t}”? Everyone will be able to read it.`, label: 'Publish' },
  close: { title: 'Close giveaway', message: (t) => `Close the giveaway of “${t}”? No one will be able to enter after this.`, label: 'Close giveaway' },
  delete: { title: 'Delete post', message: (t) => `Delete “${t}” with its comments and entries? This cannot be undone.`, label: 'Delete', danger: true },
};

const RUN: Record<Action, (id: string) => Promise<void>> = { publish: publishBlogPost, close: closeGiveaway, delete: deleteBlogPost };

/**
 * The list's admin buttons (spec part 2, "Blog list"): Edit, Publish while unpublished, Entries and Close for a
 * giveaway (Close while open), Delete. What changes something is confirmed first; failures are silent (section 8),
 * and either way the list is read again.
 */
export function BlogAdminActions({ blog }: { blog: BlogSummary }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [showEntries, setShowEntries] = useState(false);
  const action = useMutation({
    mutationFn: (which: Action) => RUN[which](blog._id),
    onSettled: async () => {
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: blogKeys.all });
    },
  });
  const confirm = confirming ? CONFIRM[confirming] : null;

  return (
    <div className={styles.actions} role="group" aria-label={`Manage “${blog.title}”`}>
      <Link to={`/blog/${blog._id}/edit`} className={styles.edit}>
        Edit
      </Link>
      {!blog.isPublished ? (
        <Button size="sm" variant="secondary" onClick={() => setConfirming('publish')}>
          Publish
        </Button>
      ) : null}
      {blog.giveaway ? (
        <Button size="sm" variant="secondary" onClick={() => setShowEntries(true)}>
          Entries
        </Button>
      ) : null}
      {blog.giveaway?.canEnter ? (
        <Button size="sm" variant="secondary" onClick={() => setConfirming('close')}>
          Close
        </Button>
      ) : null}
      <Button size="sm" variant="danger" onClick={() => setConfirming('delete')}>
        Delete
      </Button>
      <AlertModal
        open={confirm !== null}
        onClose={() => setConfirming(null)}
        title={confirm?.title ?? ''}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)} disabled={action.isPending}>
              Cancel
            </Button>
            <Button variant={confirm?.danger ? 'danger' : 'primary'} pending={action.isPending} onClick={() => confirming && action.mutate(confirming)}>
              {confirm?.label}
            </Button>
          </>
        }
      >
        {confirm?.message(blog.title)}
      </AlertModal>
      <GiveawayEntriesDialog postId={blog._id} title={blog.title} open={showEntries} onClose={() => setShowEntries(false)} />
    </div>
  );
}
