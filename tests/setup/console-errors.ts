// A test that makes the code under test write to console.error fails: an error nobody expected is a
// defect, not noise. A test that expects one says so by spying on console.error itself
// (`vi.spyOn(console, 'error').mockImplementation(() => {})`), which this check then leaves alone.
import { afterEach, beforeEach, expect } from 'vitest';

const original = console.error;
let logged: unknown[][] = [];

beforeEach(() => {
  logged = [];
  console.error = (...args: unknown[]) => {
    logged.push(args);
    original(...args);
  };
});

afterEach(() => {
  const expected = console.error !== undefined && (console.error as { mock?: unknown }).mock !== undefined;
  console.error = original;
  if (!expected)
    expect(
      logged.map((args) => args.map(String).join(' ')),
      'console.error during the test',
    ).toEqual([]);
});
