import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORIES, formatPrice, PAYMENT_ERRORS, photoVariants, type ItemDetail } from '@keeb/shared';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { LinkifiedText } from '../../../components/linkified-text';
import { isApiError } from '../../../lib/api-error';
import { timeAgo } from '../../../lib/format';
import { useCategories } from '../../../lib/reference/get-categories';
import { decideApproval, useApprovalQueue, type ApprovalDecision } from '../api/approvals';
import { TEXTS } from '../messages';
import styles from './approvals-page.module.css';

/** Issue 36: a rejection waits for a payment under way for the listing (409 payment_pending); else the generic text. */
const decisionErrorText = (error: unknown) =>
  isApiError(error) && error.code === PAYMENT_ERRORS.paymentPending
    ? 'A payment for this listing is under way. Try again once it is settled (usually within 30 minutes).'
    : TEXTS.somethingWentWrong;

/** Thumbnails shown per listing; the rest are a click away on the item page. */
const PHOTOS_SHOWN = 4;

/** /approvals (admins): listings awaiting approval, oldest first, each approved or rejected in place. */
export function ApprovalsPage() {
  const queue = useApprovalQueue();
  const categories = useCategories().data?.categories ?? CATEGORIES;
  // Handled listings leave the list at once; the cached pages stay as fetched so the cursor stays right.
  const [handled, setHandled] = useState<ReadonlySet<string>>(() => new Set());
  const items = (queue.data?.pages.flat() ?? []).filter((item) => !handled.has(item._id));
  const categoryName = (id: string) => categories.find((category) => category._id === id)?.name ?? id;

  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>Approvals</h1>
      {queue.isPending ? (
        <p className={styles.muted} role="status">
          Loading...
        </p>
      ) : queue.isError && items.length === 0 ? (
        <FormBanner tone="error">
          We couldn't load the listings awaiting approval.{' '}
          <Button variant="ghost" size="sm" onClick={() => void queue.refetch()}>
            Try again
          </Button>
        </FormBanner>
      ) : items.length === 0 && !queue.hasNextPage ? (
        <p className={styles.empty}>{TEXTS.noApprovals}</p>
      ) : (
        <ol className={styles.list} aria-label="Listings awaiting approval">
          {items.map((item) => (
            <ApprovalRow
              key={item._id}
              item={item}
              categoryName={categoryName(item.categoryId)}
              onHandled={() => setHandled((current) => new Set(current).add(item._id))}
            />
          ))}
        </ol>
      )}
      {queue.hasNextPage ? (
        <div className={styles.more}>
          <Button variant="secondary" pending={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
            Load more
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function ApprovalRow({ item, categoryName, onHandled }: { item: ItemDetail; categoryName: string; onHandled: () => void }) {
  const decide = useMutation({
    mutationFn: (decision: ApprovalDecision) => decideApproval(item._id, decision),
    onSuccess: onHandled,
  });
  const seller = item.sellerId;
  const detailPath = `/detail/${encodeURIComponent(item._id)}`;

  return (
    <li className={styles.row} aria-label={item.name}>
      <div className={styles.photos}>
        {item.photos.slice(0, PHOTOS_SHOWN).map((photo, index) => (
          <img key={`${photo}-${index}`} src={photoVariants(photo).list} alt={`${item.name}, photo ${index + 1}`} loading="lazy" />
        ))}
        {item.photos.length > PHOTOS_SHOWN ? (
          <span className={styles.morePhotos}>+{item.photos.length - PHOTOS_SHOWN}</span>
        ) : null}
      </div>
      <div className={styles.details}>
        <h2 className={styles.name}>
          <Link to={detailPath}>{item.name}</Link>
        </h2>
        <p className={styles.meta}>
          <span className={styles.price}>{formatPrice(item.price)}</span>
          <span>{categoryName}</span>
          <span>Listed {timeAgo(item.timeListed)}</span>
        </p>
        <p className={styles.seller}>
          <Avatar src={seller.avatar} username={seller.username} size="sm" />
          <Link to={`/u/${encodeURIComponent(seller.username)}`}>{seller.username}</Link>
        </p>
        <p className={styles.description}>
          <LinkifiedText text={item.description} />
        </p>
        {item.timestamp ? (
          // The seller's claim of possession: the code the API issued them, beside the photo that should show it.
          <figure className={styles.timestamp} aria-label="Timestamp photo">
            <img src={photoVariants(item.timestamp.photo).detail} alt={`${item.name}, timestamp photo`} loading="lazy" />
            <figcaption>
              <span className={styles.timestampLabel}>Timestamp code</span>
              <code className={styles.timestampCode}>{item.timestamp.code}</code>
              <span className={styles.muted}>{TEXTS.timestampCompare}</span>
            </figcaption>
          </figure>
        ) : null}
        {decide.isError ? <FormBanner tone="error">{decisionErrorText(decide.error)}</FormBanner> : null}
        <div className={styles.actions}>
          <Button
            size="sm"
            pending={decide.isPending && decide.variables === 'approve'}
            disabled={decide.isPending}
            onClick={() => decide.mutate('approve')}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="danger"
            pending={decide.isPending && decide.variables === 'reject'}
            disabled={decide.isPending}
            onClick={() => decide.mutate('reject')}
          >
            Reject
          </Button>
        </div>
      </div>
    </li>
  );
}
