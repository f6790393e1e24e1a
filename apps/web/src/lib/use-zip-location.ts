import { US_ZIP_PATTERN, type LatLng } from '@bevy/core';
import { useEffect, useState } from 'react';

export interface ZipLocation extends LatLng {
  zip: string;
  city: string;
  state: string;
}

/**
 * Resolves a typed ZIP code to coordinates (server-side, offline data). A ZIP that cannot be
 * found leaves the previous location in place, as the original did, and says so.
 */
export function useZipLocation(zip: string): {
  location: ZipLocation | null;
  error: string | null;
} {
  const [location, setLocation] = useState<ZipLocation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const trimmed = zip.trim();

  useEffect(() => {
    if (trimmed === '') {
      setLocation(null);
      setError(null);
      return;
    }
    if (!US_ZIP_PATTERN.test(trimmed)) {
      setError(trimmed.length >= 5 ? 'A ZIP code has five digits, like 97214.' : null);
      return;
    }
    const controller = new AbortController();
    fetch(`/geo/zip/${encodeURIComponent(trimmed)}`, { signal: controller.signal })
      .then(async (response) => {
        const body = (await response.json()) as ZipLocation & { error?: { message: string } };
        if (!response.ok)
          throw new Error(body.error?.message ?? 'We could not look up that ZIP code.');
        setLocation(body);
        setError(null);
      })
      .catch((reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(reason instanceof Error ? reason.message : 'We could not look up that ZIP code.');
      });
    return () => controller.abort();
  }, [trimmed]);

  return { location, error };
}
