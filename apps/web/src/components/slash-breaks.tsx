import { Fragment, type ReactNode } from 'react';

/**
 * A label whose line may break after each slash ('Alice/' 'ergonomic'), for narrow cells where it could otherwise
 * only break inside a word (issue 36: 'Alice/ergonomi c' on a phone).
 */
export function SlashBreaks({ text }: { text: string }): ReactNode {
  const parts = text.split('/');
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}
