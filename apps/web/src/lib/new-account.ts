/**
 * Remembers, for this browser tab's session, which account was just created here, so the
 * dashboard greets a new user with "Welcome" rather than "Welcome back".
 */
const NEW_ACCOUNT_KEY = 'bevy:newAccountId';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/** sessionStorage, or null where the browser refuses it (then everyone is welcomed back). */
function sessionStore(): SessionStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberNewAccount(id: number, store = sessionStore()): void {
  try {
    store?.setItem(NEW_ACCOUNT_KEY, String(id));
  } catch {
    // Storage full or refused: the greeting is only a nicety.
  }
}

export function isNewAccount(id: number, store = sessionStore()): boolean {
  try {
    return store?.getItem(NEW_ACCOUNT_KEY) === String(id);
  } catch {
    return false;
  }
}

/** The dashboard's greeting: "Welcome" for an account created in this session. */
export function dashboardGreeting(name: string, isNew: boolean): string {
  return isNew ? `Welcome, ${name}.` : `Welcome back, ${name}.`;
}
