import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Block, Section } from '../content/document';
import styles from './document-view.module.css';

/** `[label](/path)`: only paths inside the app, so content can link between topics and pages and nowhere else. */
const LINK = /\[([^\]]+)\]\((\/[^)\s]*)\)/g;

function inline(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(
      <Link key={match.index} to={match[2]!}>
        {match[1]}
      </Link>,
    );
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts.map((part, i) => <Fragment key={i}>{part}</Fragment>);
}

function BlockView({ block }: { block: Block }) {
  if ('p' in block) return <p>{inline(block.p)}</p>;
  const items = 'list' in block ? block.list : block.steps;
  const List = 'list' in block ? 'ul' : 'ol';
  return (
    <List>
      {items.map((item) => (
        <li key={item}>{inline(item)}</li>
      ))}
    </List>
  );
}

interface DocumentViewProps {
  sections: Section[];
  /** The level of each section's heading: 2 under a page's h1, 3 under a tab's h2. */
  level: 2 | 3;
}

/** Sections of a help topic or a legal text, each a titled region with its paragraphs and lists. */
export function DocumentView({ sections, level }: DocumentViewProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.document}>
      {sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <Heading className={styles.heading}>{section.heading}</Heading>
          {section.blocks.map((block, i) => (
            <BlockView key={i} block={block} />
          ))}
        </section>
      ))}
    </div>
  );
}
