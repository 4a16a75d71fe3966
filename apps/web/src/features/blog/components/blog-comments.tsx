import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BLOG_COMMENT_MAX, type BlogComment, type BlogPost } from '@keeb/shared';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { TextAreaField } from '../../../components/form-fields';
import { ForumBadge } from '../../../components/forum-badge';
import { timeAgo } from '../../../lib/format';
import { loginPath } from '../../../lib/return-url';
import { useSession } from '../../../lib/session';
import { addBlogComment } from '../api/add-blog-comment';
import { blogKeys } from '../api/keys';
import { BLOG_TEXTS } from '../messages';
import styles from './blog-comments.module.css';

/** The post's comments, headed by their count, oldest first; a box for signed-in users, else a login prompt. */
export function BlogComments({ post }: { post: BlogPost }) {
  const session = useSession().data;
  const location = useLocation();
  const count = post.comments.length;
  return (
    <section className={styles.comments} aria-labelledby="blog-comments-title">
      <h2 id="blog-comments-title" className={styles.title}>
        {count} {count === 1 ? 'Comment' : 'Comments'}
      </h2>
      {session?.isLoggedIn ? (
        <CommentBox postId={post._id} />
      ) : (
        <p className={styles.prompt}>
          <Link to={loginPath(`${location.pathname}${location.search}`)}>{BLOG_TEXTS.loginToComment}</Link>
        </p>
      )}
      {count > 0 ? (
        <ol className={styles.list}>
          {post.comments.map((comment) => (
            <CommentRow key={comment._id} comment={comment} isOwn={comment.userId._id === session?.userId} />
          ))}
        </ol>
      ) : (
        <p className={styles.empty}>{BLOG_TEXTS.noComments}</p>
      )}
    </section>
  );
}

function CommentRow({ comment, isOwn }: { comment: BlogComment; isOwn: boolean }) {
  const author = comment.userId;
  return (
    <li className={styles.comment}>
      <Avatar src={author.avatar} username={author.username} size="md" />
      <div className={styles.commentBody}>
        <p className={styles.meta}>
          {isOwn ? (
            <span className={styles.author}>You</span>
          ) : (
            <Link to={`/u/${encodeURIComponent(author.username)}`} className={styles.author}>
              {author.username}
            </Link>
          )}
          {author.reddit.isLinked ? <ForumBadge /> : null}
          <time dateTime={comment.timeCreated} className={styles.time}>
            {timeAgo(comment.timeCreated)}
          </time>
        </p>
        <p className={styles.text}>{comment.body}</p>
      </div>
    </li>
  );
}

/** Spec section 5: a blank comment is not sent; the button is disabled while sending; a failure is silent. */
function CommentBox({ postId }: { postId: string }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const send = useMutation({
    mutationFn: (text: string) => addBlogComment({ blogId: postId, body: text }),
    onSuccess: (comment) => {
      setBody('');
      queryClient.setQueryData<BlogPost>(blogKeys.post(postId), (current) => current && { ...current, comments: [...current.comments, comment] });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '' || send.isPending) return;
    send.mutate(body.trim());
  };
  return (
    <form className={styles.box} onSubmit={onSubmit} noValidate>
      <TextAreaField label="Your comment" name="comment" rows={3} maxLength={BLOG_COMMENT_MAX} value={body} onChange={(event) => setBody(event.target.value)} />
      <div className={styles.boxActions}>
        <Button type="submit" size="sm" pending={send.isPending}>
          Comment
        </Button>
      </div>
    </form>
  );
}
