/**
 * Help topics and the legal texts are data, not markup: a document is sections of paragraphs and lists, and
 * DocumentView renders them with real headings and lists. Inline text may hold `[label](/path)` links to pages
 * of this app (nothing else is parsed, so a text can never inject markup).
 */
export type Block = { p: string } | { list: string[] } | { steps: string[] };

export interface Section {
  heading: string;
  blocks: Block[];
}

export interface HelpTopic {
  /** The URL segment: /help/{id}. */
  id: string;
  /** The topic list's label and the page's heading. */
  title: string;
  /** One line under the heading. */
  summary: string;
  sections: Section[];
}
