// How long each journey file took (seconds, one after another on this 2-core machine, issue 35's measurement):
// run.mjs splits the journeys into two groups of about equal time with these. A file not listed counts as 20 s;
// after adding a slow journey, add it here from the slowest-files list that `npm test` prints.
export const JOURNEY_SECONDS = {
  "newcomer-findings.e2e.ts": 40,
  "cluster.e2e.ts": 24,
  "trades.e2e.ts": 22,
  "budgets.e2e.ts": 20,
  "checkout.e2e.ts": 19,
  "specs.e2e.ts": 18,
  "smaller-screens.e2e.ts": 16,
  "orders.e2e.ts": 14,
  "behaviour.e2e.ts": 13,
  "phone-check.e2e.ts": 13,
  "settings-security.e2e.ts": 13,
  "offers.e2e.ts": 11,
  "wants.e2e.ts": 10,
  "message-seller.e2e.ts": 9,
  "chat.e2e.ts": 8,
  "listing.e2e.ts": 7,
  "blog.e2e.ts": 6,
  "discovery.e2e.ts": 6,
  "help.e2e.ts": 6,
  "accounts.e2e.ts": 5,
  "offer-expiry.e2e.ts": 5,
  "phone-layout.e2e.ts": 5,
  "csp.e2e.ts": 2,
  "shell.e2e.ts": 2,
};
