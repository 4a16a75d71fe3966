import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Uploads not yet known to be in use (issue 27): listing photos, avatars and blog images, by storage key (the photo's
 * own key; its @4x_/@2x_ variants are derived from it). Written before the objects are stored, so a half-finished
 * upload is recorded too; the 'upload-orphan' job deletes what no listing, avatar or post uses after 24 hours, and
 * the row with it. A row whose upload turned out to be in use is deleted and the objects kept.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    /** Who uploaded it; kept null when that account row goes. */
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('uploads_created_at_idx').on(t.createdAt)],
);
