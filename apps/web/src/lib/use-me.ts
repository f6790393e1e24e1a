import type { BuyerKind } from '@bevy/core';
import { useCallback, useSyncExternalStore } from 'react';
import { getMeState, reloadMe, subscribeToMe, type Me } from './me-store';

export type { Me } from './me-store';

export function useMe(): { me: Me | null; fetching: boolean } {
  return useSyncExternalStore(subscribeToMe, getMeState);
}

/** Which prices the signed-in user shops with; the server decides the same from its database. */
export function useBuyerKind(): BuyerKind {
  const { me } = useMe();
  return me?.seesWholesalePricing ? 'wholesale' : 'retail';
}

/**
 * Fetches the user afresh after the session changes (sign-up, log-in) or their wholesale state
 * does. Every mounted useMe() sees the new answer; the promise settles once it has arrived, so
 * callers can navigate afterwards without showing stale data.
 */
export function useRefreshMe(): () => Promise<void> {
  return useCallback(async () => {
    // Loaded on demand so the GraphQL client stays out of /shop; callers are pages that use
    // GraphQL, so it is already there.
    const { refetchMyWholesaleApplication } = await import('./use-wholesale-application');
    await Promise.all([reloadMe(), refetchMyWholesaleApplication()]);
  }, []);
}
