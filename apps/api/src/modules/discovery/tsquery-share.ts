/**
 * The share of listings a full-text query matches, estimated from the shares of its words the way the planner
 * does: a word alone its share (0 when the statistics do not list it), AND the smaller side (an upper bound,
 * unlike the planner's product, which is what goes wrong for words that appear together), OR the sum, NOT the
 * rest. Reads the text form PostgreSQL prints for a tsquery, e.g. `'holy' & 'panda' | 'holy':A & 'panda':A`.
 */
export function tsqueryShare(tsquery: string, shares: ReadonlyMap<string, number>): number {
  const tokens = tsquery.match(/'(?:[^']|'')*'(?::[A-D*]+)?|<\d+>|<->|[&|!()]/g) ?? [];
  let at = 0;

  const word = (token: string): number => {
    const [, quoted = '', flags = ''] = /^'((?:[^']|'')*)'(?::([A-D*]+))?$/.exec(token) ?? [];
    const lexeme = quoted.replaceAll("''", "'");
    if (!flags.includes('*')) return shares.get(lexeme) ?? 0;
    let sum = 0; // a prefix: every listed word that starts with it
    for (const [w, share] of shares) if (w.startsWith(lexeme)) sum += share;
    return Math.min(1, sum);
  };
  const unary = (): number => {
    const token = tokens[at++];
    if (token === '!') return 1 - unary();
    if (token === '(') {
      const inner = or();
      at++; // ')'
      return inner;
    }
    return token ? word(token) : 0;
  };
  /** Operands joined by an operator of one precedence level, folded left to right. */
  const level = (operand: () => number, isOperator: (token: string) => boolean, join: (a: number, b: number) => number) => () => {
    let share = operand();
    while (tokens[at] !== undefined && isOperator(tokens[at]!)) {
      at++;
      share = join(share, operand());
    }
    return share;
  };
  // Tightest first: phrase (<->, <N>), then AND, then OR.
  const phrase = level(unary, (t) => t.startsWith('<'), Math.min);
  const and = level(phrase, (t) => t === '&', Math.min);
  const or: () => number = level(and, (t) => t === '|', (a, b) => Math.min(1, a + b));
  return tokens.length ? or() : 0;
}
