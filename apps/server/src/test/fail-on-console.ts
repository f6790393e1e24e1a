import { afterEach, vi } from 'vitest';

// A test that logs an unexpected console.error fails: errors must be asserted, not ignored.
let errors: unknown[][] = [];
const original = console.error;

vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});

afterEach(() => {
  const logged = errors;
  errors = [];
  if (logged.length > 0) {
    throw new Error(`Unexpected console.error: ${logged.map((args) => args.join(' ')).join('\n')}`);
  }
});
