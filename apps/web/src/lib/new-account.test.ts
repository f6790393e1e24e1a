import { describe, expect, it } from 'vitest';
import { dashboardGreeting, isNewAccount, rememberNewAccount } from './new-account';

function memoryStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the greeting of a new account', () => {
  it('welcomes the account signed up in this session, and welcomes back everyone else', () => {
    const store = memoryStore();
    expect(isNewAccount(7, store)).toBe(false);
    rememberNewAccount(7, store);
    expect(isNewAccount(7, store)).toBe(true);
    // Another account logging in later in the same tab is not new.
    expect(isNewAccount(8, store)).toBe(false);
    expect(dashboardGreeting('Ada', isNewAccount(7, store))).toBe('Welcome, Ada.');
    expect(dashboardGreeting('Bo', isNewAccount(8, store))).toBe('Welcome back, Bo.');
  });

  it('welcomes back when the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberNewAccount(7, refusing)).not.toThrow();
    expect(isNewAccount(7, refusing)).toBe(false);
    expect(isNewAccount(7, null)).toBe(false);
  });
});
