import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BLOG_ERRORS, GIVEAWAY_FULL_NAME_MAX, type BlogPost } from '@keeb/shared';
import { Button } from '../../../components/button';
import { FormBanner } from '../../../components/form-banner';
import { TextField } from '../../../components/form-fields';
import { loginPath } from '../../../lib/return-url';
import { useIsLoggedIn } from '../../../lib/session';
import { enterGiveaway } from '../api/enter-giveaway';
import { blogKeys } from '../api/keys';
import { BLOG_TEXTS, codeOf } from '../messages';
import styles from './giveaway-block.module.css';

/**
 * The giveaway of a published Giveaway post (spec part 2, "Blog post detail"), in one of its states: closed,
 * already entered, logged out (sign up / login with a way back here), or the Full Name form.
 */
export function GiveawayBlock({ post }: { post: BlogPost }) {
  const isLoggedIn = useIsLoggedIn();
  const location = useLocation();
  const [justEntered, setJustEntered] = useState(false);
  const here = `${location.pathname}${location.search}`;

  let content;
  if (justEntered) {
    content = <FormBanner tone="success">{BLOG_TEXTS.entered}</FormBanner>;
  } else if (!post.giveaway?.canEnter) {
    content = <p className={styles.state}>{BLOG_TEXTS.giveawayClosed}</p>;
  } else if (post.isEntered) {
    content = <p className={styles.state}>{BLOG_TEXTS.alreadyEntered}</p>;
  } else if (!isLoggedIn) {
    content = (
      <p className={styles.state}>
        <Link to={`/signup?${new URLSearchParams({ returnUrl: here }).toString()}`}>Sign up</Link> or{' '}
        <Link to={loginPath(here)}>login</Link> to enter this giveaway.
      </p>
    );
  } else {
    content = <EntryForm postId={post._id} onEntered={() => setJustEntered(true)} />;
  }
  return (
    <section className={styles.block} aria-labelledby="giveaway-title">
      <h2 id="giveaway-title" className={styles.title}>
        Giveaway
      </h2>
      {content}
    </section>
  );
}

function EntryForm({ postId, onEntered }: { postId: string; onEntered: () => void }) {
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState('');
  const [error, setError] = useState<string>();
  const enter = useMutation({
    mutationFn: (name: string) => enterGiveaway({ blogId: postId, fullName: name }),
    onSuccess: () => {
      onEntered();
      queryClient.setQueryData<BlogPost>(blogKeys.post(postId), (current) => current && { ...current, isEntered: true });
    },
    onError: (failure) => {
      setError(BLOG_TEXTS.enterFailed);
      // Entered meanwhile (another tab) or closed: the post read again shows which.
      const code = codeOf(failure);
      if (code === BLOG_ERRORS.alreadyEntered || code === BLOG_ERRORS.giveawayClosed) void queryClient.invalidateQueries({ queryKey: blogKeys.post(postId) });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (enter.isPending) return;
    if (fullName.trim() === '') {
      setError(BLOG_TEXTS.fullNameRequired);
      return;
    }
    setError(undefined);
    enter.mutate(fullName.trim());
  };
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        maxLength={GIVEAWAY_FULL_NAME_MAX}
        value={fullName}
        onChange={(event) => {
          setFullName(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" pending={enter.isPending}>
        Enter Giveaway
      </Button>
    </form>
  );
}
