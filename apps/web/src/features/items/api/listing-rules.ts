/**
 * The listing's rules (the shared zod schemas CreateItemInputSchema and UpdateItemInputSchema), loaded apart from
 * the form (issue 37). Imported with the form they put zod and every item schema (~25 KB gzip, and building each
 * schema at import, ~35 ms of a fast machine's main thread) on the sell page's critical path: the app's shell, and
 * its cookie banner (the page's largest paint), waited for them. The form checks with them on submit only, so they
 * load beside the form, asked for when its code runs; a submit before they arrive waits for them.
 */
const loading = import('./listing-schemas');

export const listingRules = () => loading;
