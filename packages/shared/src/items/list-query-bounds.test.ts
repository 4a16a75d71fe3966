import { describe, expect, it } from 'vitest';
import { ItemListQuerySchema } from './schemas';
import { LIST_FILTER_LIMITS } from './limits';

const issueOf = (query: Record<string, unknown>) => ItemListQuerySchema.safeParse(query).error?.issues[0]?.message;
const values = (n: number, prefix = 'v') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('the list filters bounds (issue 36)', () => {
  const max = LIST_FILTER_LIMITS.valuesPerKey;

  it('counts a key\'s values, blanks left out, up to the bound', () => {
    expect(issueOf({ maker: values(max).join(',') })).toBeUndefined();
    expect(issueOf({ maker: `,${values(max).join(',,')}, ,` })).toBeUndefined();
    expect(issueOf({ maker: values(max + 1).join(',') })).toBe('too_many_values');
    expect(issueOf({ maker: values(3000).join(',') })).toBe('too_many_values');
  });

  it('answers too many values before a value too long, and a value too long within the bound', () => {
    const long = 'x'.repeat(LIST_FILTER_LIMITS.valueLength + 1);
    expect(issueOf({ maker: [...values(max), long].join(',') })).toBe('too_many_values');
    expect(issueOf({ maker: ['a', long].join(',') })).toBe('too_long');
    expect(issueOf({ maker: ['a', ` ${'x'.repeat(LIST_FILTER_LIMITS.valueLength)} `].join(',') })).toBeUndefined();
  });
});
