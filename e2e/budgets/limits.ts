/**
 * The budgets (issue 12; restored by issue 35), in one place. Only an issue changes them: a failing budget is fixed
 * at its cause, never loosened here to let a run through. How each is measured: docs/decisions/0136-the-budgets.md,
 * 0137-how-the-initial-javascript-is-counted.md, 0138-why-median-several-runs-calibrated-cpu.md and, since issue 35,
 * 0491-back-where-they-stood.md and 0493-lighthouse-steady.md.
 */

/** The feed's initial JavaScript, gzip level 9, every script the first screen loads by itself (initial-js.ts). */
export const INITIAL_JS_BUDGET_GZIP = 150 * 1024;

/**
 * Lighthouse performance: the target logged for every page, and the floor that fails the run. Issue 37 asks for the
 * floor at 90 on the feed, an item, the sell page and a profile; it stays where it was until every page meets 90
 * with room to spare in CI's median (measured alone on the quiet machine at issue 37's last commit: feed 91, item 86,
 * sell 82, profile 90; docs/performance/2026-11-28-member-request-profile.md). A floor a page meets by one point
 * fails CI on its next slow minute.
 */
export const PERFORMANCE_TARGET = 90;
export const PERFORMANCE_FLOOR = 65;

/** Lighthouse accessibility, every page. */
export const ACCESSIBILITY_BUDGET = 95;

/**
 * Runs per page; the score is their median. Nine rather than seven (issue 35): two slow runs out of nine cannot
 * move it, and the whole stage still takes about six minutes alone on the machine.
 */
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 9);
