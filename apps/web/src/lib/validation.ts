/**
 * The shared zod schemas report the first failing rule as one issue whose message is the rule's code and whose
 * path names the field. Typed structurally, so this module (and whatever imports it) never pulls zod in itself:
 * only the lazy pages that pass a schema do.
 */
export interface RuleSchema<Output> {
  safeParse(value: unknown):
    | { success: true; data: Output }
    | { success: false; error: { issues: ReadonlyArray<{ message: string; path: ReadonlyArray<PropertyKey> }> } };
}

export type Validation<Output> = { ok: true; data: Output } | { ok: false; code: string; field: string | undefined };

export function validate<Output>(schema: RuleSchema<Output>, values: unknown): Validation<Output> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  return { ok: false, code: issue?.message ?? '', field: typeof field === 'string' ? field : undefined };
}
