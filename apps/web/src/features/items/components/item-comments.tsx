import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { COMMENT_MAX, type Comment, type ItemDetailResponse } from '@keeb/shared';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { TextAreaField } from '../../../components/form-fields';
import { LinkifiedText } from '../../../components/linkified-text';
import { timeAgo } from '../../../lib/format';
import { loginPath } from '../../../lib/return-url';
import { postComment } from '../api/item-actions';
import { itemKeys } from '../api/keys';
import { commentErrorText, TEXTS } from '../messages';
import { ForumBadge } from '../../../components/forum-badge';
import styles from './item-comments.module.css';

interface ItemCommentsProps {
  itemId: string;
  comments: readonly Comment[];
  sold: boolean;
  isLoggedIn: boolean;
}

/** Comments (spec 2.9): the list, then a box for signed-in users on unsold items, or a sign-in prompt. */
export function ItemComments({ itemId, comments, sold, isLoggedIn }: ItemCommentsProps) {
  const location = useLocation();
  const returnUrl = `${location.pathname}${location.search}`;

  return (
    <section className={styles.comments} aria-labelledby="comments-title">
      <h2 id="comments-title" className={styles.title}>
        Comments <span className={styles.count}>({comments.length})</span>
      </h2>
      {comments.length > 0 ? (
        <ol className={styles.list}>
          {comments.map((comment) => (
            <CommentRow key={comment._id} comment={comment} />
          ))}
        </ol>
      ) : (
        <p className={styles.empty}>No comments yet.</p>
      )}
      {sold ? (
        <p className={styles.closed}>{TEXTS.commentsClosed}</p>
      ) : isLoggedIn ? (
        <CommentBox itemId={itemId} />
      ) : (
        <p className={styles.prompt}>
          <Link to={loginPath(returnUrl)}>Log in</Link> or{' '}
          <Link to={`/signup?${new URLSearchParams({ returnUrl }).toString()}`}>sign up</Link> to leave a comment.
        </p>
      )}
    </section>
  );
}

/** A comment whose author removed their account keeps its text (docs/decisions/0048-comments.md). */
const MISSING_AUTHOR = 'User Not Found';

function CommentRow({ comment }: { comment: Comment }) {
  const author = comment.userId;
  return (
    <li className={styles.comment}>
      <Avatar src={author?.avatar} username={author?.username ?? ''} size="md" />
      <div className={styles.commentBody}>
        <p className={styles.meta}>
          {author ? (
            <Link to={`/u/${encodeURIComponent(author.username)}`} className={styles.author}>
              {author.username}
            </Link>
          ) : (
            <span className={styles.missingAuthor}>{MISSING_AUTHOR}</span>
          )}
          {author?.reddit.isLinked ? <ForumBadge /> : null}
          <time dateTime={comment.timeCreated} className={styles.time}>
            {timeAgo(comment.timeCreated)}
          </time>
        </p>
        <p className={styles.text}>
          <LinkifiedText text={comment.body} />
        </p>
      </div>
    </li>
  );
}

function CommentBox({ itemId }: { itemId: string }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();

  const send = useMutation({
    mutationFn: (text: string) => postComment(itemId, text),
    onSuccess: (comment) => {
      setBody('');
      queryClient.setQueryData<ItemDetailResponse>(itemKeys.detail(itemId), (current) =>
        current && { ...current, item: { ...current.item, comments: [...current.item.comments, comment] } },
      );
    },
    onError: (failure) => setError(commentErrorText(failure)),
  });

  const blank = body.trim() === '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Spec 5: a comment is not empty and not only whitespace.
    if (blank || send.isPending) return;
    setError(undefined);
    send.mutate(body);
  };

  return (
    <form className={styles.box} onSubmit={onSubmit} noValidate>
      <TextAreaField
        label="Add a comment"
        name="comment"
        rows={3}
        maxLength={COMMENT_MAX}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <div className={styles.boxActions}>
        <Button type="submit" size="sm" pending={send.isPending} disabled={blank}>
          Post Comment
        </Button>
      </div>
    </form>
  );
}
