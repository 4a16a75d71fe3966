import { z } from 'zod';

/**
 * Every failed API call answers `{ message: <code>, ...details }`. Rate limits answer `{ code: 'TooManyRequests' }`,
 * as the spec's client expects. The codes themselves live in codes.ts (no zod, so the web bundle stays small).
 */
export const ApiErrorBodySchema = z.looseObject({
  message: z.string().optional(),
  code: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
