/** '1,234 karma': thousands separators follow the reader's locale. */
export function formatKarma(karma: number): string {
  return `${karma.toLocaleString()} karma`;
}
