import { useDocumentVisibility } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/**
 * Calls `refresh` every `intervalMs` while the page is visible and `enabled` holds; a hidden tab
 * asks nothing of the server. `refresh` should keep its identity between renders.
 */
export function useLiveRefresh(refresh: () => void, intervalMs: number, enabled = true): void {
  const visibility = useDocumentVisibility();
  const active = enabled && visibility === 'visible';
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(refresh, intervalMs);
    return () => window.clearInterval(timer);
  }, [active, refresh, intervalMs]);
}

/**
 * The latest `value` that was there, kept through a refresh that failed (urql then answers no
 * data), so a moment offline does not empty the page; forgotten when `key` changes.
 */
export function useLastGood<T>(value: T | null | undefined, key: string): T | null {
  const [kept, setKept] = useState<{ key: string; value: T } | null>(null);
  if (value !== null && value !== undefined) {
    if (kept === null || kept.value !== value || kept.key !== key) setKept({ key, value });
    return value;
  }
  return kept !== null && kept.key === key ? kept.value : null;
}
