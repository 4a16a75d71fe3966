import { z } from 'zod';
import { ERROR_CODES } from '../platform/codes';

/** Product-news mail limits (docs/decisions/0218-product-news.md): a mail subject line and a long letter. */
export const UPDATES_SUBJECT_MAX = 150;
export const UPDATES_BODY_MAX = 20_000;

const text = z.string().optional().default('');
/** A subject is one header line: line breaks and runs of spaces become one space. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * POST /api/admin/updates: product news mailed to every user who opted in to `updates`. The body is plain text
 * (blank lines separate paragraphs); the HTML version escapes it. First failing rule decides: subject, then body.
 */
export const UpdatesMailInputSchema = z
  .object({ subject: text, body: text })
  .superRefine((v, ctx) => {
    const subject = oneLine(v.subject);
    const body = v.body.trim();
    const rules: Array<[boolean, string, string]> = [
      [subject === '', ERROR_CODES.fieldRequired, 'subject'],
      [subject.length > UPDATES_SUBJECT_MAX, ERROR_CODES.tooLong, 'subject'],
      [body === '', ERROR_CODES.fieldRequired, 'body'],
      [body.length > UPDATES_BODY_MAX, ERROR_CODES.tooLong, 'body'],
    ];
    const failed = rules.find(([isFailed]) => isFailed);
    if (failed) ctx.addIssue({ code: 'custom', message: failed[1], path: [failed[2]] });
  })
  .transform((v) => ({ subject: oneLine(v.subject), body: v.body.trim() }));
export type UpdatesMailInput = z.output<typeof UpdatesMailInputSchema>;
