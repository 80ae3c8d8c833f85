// The CSP has no 'unsafe-eval': the browser must never run `new Function`, which Zod does to probe
// for and compile fast object parsers unless it is jitless (issue 8 #19). This file runs in a process
// of its own, so the schemas below are built here, after the spy is in place.
import { expect, it } from 'vitest';

const sources = import.meta.glob<string>(['/src/shared/**/*.ts', '/src/client/**/*.{ts,tsx}', '!**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

it('every module that builds schemas takes z from schemas/zod.ts (type-only imports aside)', () => {
  expect(Object.keys(sources).length).toBeGreaterThan(20);
  const direct = Object.entries(sources)
    .filter(([, text]) => /^import\s+(?!type\b)[^;]*from\s+'zod(\/[^']*)?';/m.test(text))
    .map(([file]) => file);
  expect(direct).toEqual(['/src/shared/schemas/zod.ts']);
});

it('building and using the contact and sign-in schemas never constructs a Function', async () => {
  const constructed: string[] = [];
  const RealFunction = globalThis.Function;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args: string[]) {
      constructed.push(String(args.at(-1)).slice(0, 40));
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    const { ContactMessageRequestSchema } = await import('./messages');
    const { LoginInputSchema } = await import('./users');
    const message = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      subject: 'Hello',
      message: 'A message long enough.',
      website: '',
    };
    expect(ContactMessageRequestSchema.safeParse(message).success).toBe(true);
    expect(LoginInputSchema.safeParse({ username: 'ada', password: 'secret' }).success).toBe(true);
    expect(LoginInputSchema.safeParse({ username: '', password: '' }).success).toBe(false);
  } finally {
    globalThis.Function = RealFunction;
  }
  expect(constructed).toEqual([]);
});
