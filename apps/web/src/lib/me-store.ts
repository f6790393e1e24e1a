/**
 * The signed-in user (GetMe), kept outside the GraphQL client: every page asks for it, and
 * fetching it with a plain POST keeps urql out of what an anonymous visitor to /shop loads.
 */

import { GET_ME_SOURCE } from './api/get-me';
import type { Me } from './api/me';

export type { Me } from './api/me';

export interface MeState {
  me: Me | null;
  /** True until the first answer has arrived. */
  fetching: boolean;
}

/**
 * Whether the server said, in the page, that the visitor has no session (web.routes.ts): then
 * nobody is signed in and GetMe need not be asked before the page shows. A page restored by
 * Back or Forward may come from the browser's cache, from before a sign-in, so there it is not
 * trusted.
 */
function signedOutByPage(): boolean {
  if (typeof document === 'undefined') return false;
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  if (navigation?.type === 'back_forward') return false;
  const element = document.getElementById('initial-me');
  if (!element?.textContent) return false;
  try {
    const inPage = JSON.parse(element.textContent) as { me?: unknown };
    return inPage.me === null;
  } catch {
    return false;
  }
}

const knownSignedOut = signedOutByPage();
let state: MeState = knownSignedOut ? { me: null, fetching: false } : { me: null, fetching: true };
/** Whether GetMe has been asked, or need not be: the first subscriber asks it otherwise. */
let asked = knownSignedOut;
/** The GraphQL types in the last answer (as urql's document cache tracks them). */
let typenamesOfMe = new Set<string>();
let latestRequest: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Every `__typename` in a GraphQL answer, as urql's document cache collects them. */
export function collectTypenames(data: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(data)) {
    for (const item of data) collectTypenames(item, into);
  } else if (typeof data === 'object' && data !== null) {
    for (const [key, value] of Object.entries(data)) {
      if (key === '__typename' && typeof value === 'string') into.add(value);
      else collectTypenames(value, into);
    }
  }
  return into;
}

async function fetchMe(): Promise<{ me: Me | null } | undefined> {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ operationName: 'GetMe', query: GET_ME_SOURCE, variables: {} }),
  });
  const body = (await response.json()) as { data?: { me: Me | null } | null };
  return body.data ?? undefined;
}

/**
 * Asks the server for the user again; the answer to the latest call wins. Settles once it has
 * arrived (a failure is logged and reads as anonymous, as a failed GetMe did before).
 */
export function reloadMe(): Promise<void> {
  asked = true;
  const request: Promise<void> = fetchMe().then(
    (data) => {
      if (latestRequest !== request) return;
      typenamesOfMe = collectTypenames(data);
      setState({ me: data?.me ?? null, fetching: false });
    },
    (error: unknown) => {
      if (latestRequest !== request) return;
      console.warn('Could not load the signed-in user', error);
      typenamesOfMe = new Set();
      setState({ me: null, fetching: false });
    },
  );
  latestRequest = request;
  return request;
}

/**
 * Whether a mutation's answer touches a type GetMe returned (say, a renamed business), so GetMe
 * must be fetched again: what urql's document cache did while GetMe went through it.
 */
export function mutationTouchesMe(data: unknown, additionalTypenames: string[] = []): boolean {
  const touched = collectTypenames(data, new Set(additionalTypenames));
  for (const typename of touched) if (typenamesOfMe.has(typename)) return true;
  return false;
}

function setState(next: MeState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getMeState(): MeState {
  return state;
}

/** Subscribes to the user; the first subscriber starts the first fetch, if one is needed. */
export function subscribeToMe(listener: () => void): () => void {
  listeners.add(listener);
  // reloadMe() marks the user as asked.
  if (!asked) void reloadMe();
  return () => listeners.delete(listener);
}
