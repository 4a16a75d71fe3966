/**
 * The trust panel's thresholds, apart from TrustSchema (trust.ts): the web's panel needs only these, and a constant
 * beside a schema brings zod (~22 KB gzip) into every page that imports it (the item page, profiles).
 */

/** 'Ships on time' is shown (and its share given) from this many orders due on. */
export const TRUST_ON_TIME_MIN_ORDERS = 3;
/** 'Usually replies within' looks at conversations whose first message to the user came within this many days. */
export const TRUST_REPLY_WINDOW_DAYS = 90;
