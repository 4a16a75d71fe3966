import { z } from 'zod';

/**
 * The timestamp photo (issue 26), the forum's rule for proving possession: the seller writes a code the API issued
 * them (username, the UTC date, a short random token) on paper and photographs it with the item.
 */

/** Token letters without the look-alikes (0/O, 1/I/L) a handwritten code would blur. */
export const TIMESTAMP_TOKEN_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const TIMESTAMP_TOKEN_LENGTH = 4;
/** A code is username (at most 30), date and token: anything longer was never issued. */
export const TIMESTAMP_CODE_MAX = 64;

/** POST /api/items/timestamp-code: the seller's code for today (the one already issued today, else a new one). */
export const TimestampCodeSchema = z.object({ code: z.string(), issuedAt: z.string() });
export type TimestampCode = z.infer<typeof TimestampCodeSchema>;

/** The code and the photo showing it, as the owner's edit form and the admins' approval queue read them. */
export const ListingTimestampSchema = z.object({ code: z.string(), photo: z.string() });
export type ListingTimestamp = z.infer<typeof ListingTimestampSchema>;
