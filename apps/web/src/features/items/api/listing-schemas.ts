// Only ever imported dynamically (listing-rules.ts): the listing's zod schemas in a chunk of their own.
export { CreateItemInputSchema, UpdateItemInputSchema } from '@keeb/shared';
