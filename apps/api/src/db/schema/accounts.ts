import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { EmailPreferences, MailingAddress } from '@keeb/shared';
import { regions } from './reference';

/** Marketing mail ('updates') is opt-in; everything about the user's own trades is on by default. */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  itemSell: true,
  offers: true,
  updates: false,
  messages: true,
  offerSavedItem: true,
  soldSavedItem: true,
  updatedSavedItem: true,
  removedSavedItem: true,
  followedSellerListed: true,
  itemComments: true,
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    bio: text('bio').notNull().default(''),
    shippingRegionCode: text('shipping_region_code').references(() => regions.code),
    membershipType: text('membership_type').notNull().default('member'),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    emailPreferences: jsonb('email_preferences').$type<EmailPreferences>().notNull().default(DEFAULT_EMAIL_PREFERENCES),
    /** How want matches are mailed (issue 16): one mail per match, or one digest a day. */
    wantAlerts: text('want_alerts', { enum: ['instant', 'daily'] }).notNull().default('instant'),
    googleId: text('google_id'),
    facebookId: text('facebook_id'),
    /** Who referred this account (/signup?ref=username); credited once this account confirms its email. */
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id),
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /**
     * The saved mailing address (issue 26, GET/PUT /api/me/address): the local payment stand-in fills its approval
     * page from it; orders keep their own copy (orders.ship_to) of the address each was paid with.
     */
    mailingAddress: jsonb('mailing_address').$type<MailingAddress>(),
    /** Demo accounts loaded by `npm start` on an empty embedded database, so they can be told apart. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** When the user last opened Offers: what changed since is their new-offers count (the badge). */
    offersSeenAt: timestamp('offers_seen_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Issue 28: the Trades tab was last opened then; trade changes since are its badge (numNewTrades). */
    tradesSeenAt: timestamp('trades_seen_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When the user last opened Chats: unread conversations changed since are their new-messages count (the badge). */
    messagesSeenAt: timestamp('messages_seen_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** When the user was first reminded, on sending a message the scam detector flagged, that payment goes through checkout. */
    checkoutRemindedAt: timestamp('checkout_reminded_at', { withTimezone: true, precision: 3 }),
    /**
     * Issue 29: away mode. While set, the seller's listings leave the feed, search and want matching, and offers and
     * purchases are refused; the 'away-return' job clears it on the date, DELETE /api/me/away at once.
     */
    awayUntil: timestamp('away_until', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // Usernames are unique without regard to case; emails are stored lowercased.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_id_key').on(t.googleId),
    uniqueIndex('users_facebook_id_key').on(t.facebookId),
    // One account per verified phone number at a time (removed accounts give theirs up).
    uniqueIndex('users_phone_key').on(t.phone),
    // Issue 29: the sellers away now (the feed's exclusion, read once a second): the few with a date, not every user.
    index('users_away_idx').on(t.awayUntil).where(sql`${t.awayUntil} is not null`),
  ],
);

/**
 * Names in ADMIN_USERNAMES whose grant was applied: each name makes one account an admin, once. A recorded name
 * never grants again, whoever holds it later (after a rename or a removal freed it).
 */
export const adminBootstrapGrants = pgTable('admin_bootstrap_grants', {
  /** The configured name, lowercased. */
  username: text('username').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** express-session rows; `sess` is the serialised session. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text('sid').primaryKey(),
    sess: jsonb('sess').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const tokenPurpose = pgEnum('token_purpose', ['confirm_email', 'reset_password']);

/** Single-use links sent by mail. Only a SHA-256 of the token is stored; the token itself exists only in the mail. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: tokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For confirm_email: the address this token confirms (a later email change makes it worthless). */
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_tokens_hash_key').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

export const karmaReason = pgEnum('karma_reason', ['referral', 'listing', 'sale', 'purchase']);

/** Every karma change, so a user's karma is the sum of their rows and each award happens once per subject. */
export const karmaLedger = pgTable(
  'karma_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: karmaReason('reason').notNull(),
    amount: integer('amount').notNull(),
    /** What earned it (the referred user, the listing...): one award per (user, reason, subject). */
    subjectId: text('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('karma_ledger_once_key').on(t.userId, t.reason, t.subjectId)],
);

/** Emails asking to join while sign-up is by approval (SIGNUP_MODE=approved). */
export const accessRequests = pgTable('access_requests', {
  email: text('email').primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
});

/** Messages from the About page's contact form (also mailed to the team). */
export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  email: text('email').notNull(),
  reason: text('reason').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A linked forum (Reddit) account: only the username and join date are kept and shown. */
export const redditLinks = pgTable(
  'reddit_links',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    redditUsername: text('reddit_username').notNull(),
    redditJoinedAt: timestamp('reddit_joined_at', { withTimezone: true }).notNull(),
    /** Confirmed trades read from the trading community, once (null until transferred). */
    transferredCount: integer('transferred_count'),
    transferredAt: timestamp('transferred_at', { withTimezone: true }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One forum account vouches for one user only, or its trade count could be transferred to many accounts.
  // Reddit names are case-insensitive.
  (t) => [uniqueIndex('reddit_links_username_key').on(sql`lower(${t.redditUsername})`)],
);

/** Phone verification codes: hashed, expiring, with limited attempts. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Who the verification is for: the signed-in user, or the email signing up. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    type: text('type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('phone_verifications_phone_idx').on(t.phone, t.createdAt),
    // Sign-up asks whether an email verified a phone within the last hour.
    index('phone_verifications_email_idx').on(t.email, t.verifiedAt),
  ],
);
