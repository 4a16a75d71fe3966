import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { LinkifiedText } from '../../../components/linkified-text';
import { LoadMore } from '../../../components/list-state';
import { timeAgo } from '../../../lib/format';
import { closeProblem, useOpenProblems, type OpenProblem } from '../api/admin-problems';
import { ConfirmAction } from '../components/confirm-action';
import { REASON_TEXTS, TEXTS } from '../messages';
import styles from './admin-problems-page.module.css';

/** /admin/problems (admins): the open problems, oldest first, each closable once the parties have gone quiet. */
export function AdminProblemsPage() {
  const query = useOpenProblems();
  // Closed problems leave the list at once; the fetched pages stay as they are so the cursor stays right.
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const problems = (query.data?.pages.flatMap((page) => page.problems) ?? []).filter((problem) => !closed.has(problem._id));

  return (
    <section className={styles.page}>
      <h1 className={styles.heading}>{TEXTS.problems}</h1>
      {query.isPending ? (
        <p className={styles.muted} role="status">
          Loading...
        </p>
      ) : query.isError && problems.length === 0 ? (
        <FormBanner tone="error">
          {TEXTS.loadProblemsFailed}{' '}
          <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </FormBanner>
      ) : problems.length === 0 && !query.hasNextPage ? (
        <p className={styles.empty}>{TEXTS.noProblems}</p>
      ) : (
        <ol className={styles.list} aria-label="Open problems, oldest first">
          {problems.map((problem) => (
            <ProblemRow key={problem._id} problem={problem} onClosed={() => setClosed((current) => new Set(current).add(problem._id))} />
          ))}
        </ol>
      )}
      <div className={styles.more}>
        <LoadMore query={query} label={TEXTS.loadMore} failed={TEXTS.loadMoreFailed} />
      </div>
    </section>
  );
}

function ProblemRow({ problem, onClosed }: { problem: OpenProblem; onClosed: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const close = useMutation({ mutationFn: () => closeProblem(problem._id), onSuccess: onClosed });
  const { order } = problem;
  const user = (username: string) => <Link to={`/u/${encodeURIComponent(username)}`}>{username}</Link>;

  return (
    <li className={styles.row} aria-label={order.item.name} data-testid="problem-row">
      <img className={styles.thumb} src={order.item.thumbnail} alt="" width={72} height={72} loading="lazy" />
      <div className={styles.details}>
        <h2 className={styles.name}>
          <Link to={`/me/orders/${encodeURIComponent(order._id)}`}>{order.item.name}</Link>
        </h2>
        <p className={styles.meta}>
          <span>{formatPrice(order.price)}</span>
          <span>Buyer {user(problem.buyer.username)}</span>
          <span>Seller {user(problem.seller.username)}</span>
          <span>Opened {timeAgo(problem.openedAt)}</span>
        </p>
        <p className={styles.reason}>{REASON_TEXTS[problem.reason]}</p>
        {problem.details ? (
          <p className={styles.text}>
            <LinkifiedText text={problem.details} />
          </p>
        ) : null}
        <div>
          <Button size="sm" variant="danger" onClick={() => (close.reset(), setConfirming(true))}>
            {TEXTS.closeProblem}
          </Button>
        </div>
      </div>
      <ConfirmAction
        open={confirming}
        title="Close problem"
        question={TEXTS.closeProblemQuestion}
        confirmLabel="Close problem"
        pending={close.isPending}
        error={close.error}
        onConfirm={() => close.mutate()}
        onClose={() => setConfirming(false)}
      />
    </li>
  );
}
