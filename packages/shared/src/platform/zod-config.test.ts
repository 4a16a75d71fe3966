import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { LoginInputSchema } from '../index';

describe('zod configuration (the CSP forbids eval)', () => {
  it('is jitless as soon as the package entry is loaded, so parsing never calls new Function', () => {
    expect(z.config().jitless).toBe(true);
    const original = globalThis.Function;
    let evalAttempts = 0;
    // Counts any attempt to build code from a string while a schema parses, as a CSP would refuse it.
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        evalAttempts += 1;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        evalAttempts += 1;
        return Reflect.apply(target, self, args);
      },
    });
    try {
      for (let i = 0; i < 3; i++) LoginInputSchema.safeParse({ username: 'tofu', password: 'correct horse' });
      z.object({ a: z.string(), b: z.number() }).safeParse({ a: 'x', b: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(evalAttempts).toBe(0);
  });
});
