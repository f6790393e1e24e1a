import { useCallback, useState } from 'react';
import { useQuery, type AnyVariables, type TypedDocumentNode } from 'urql';
import { useLastGood, useLiveRefresh } from './use-live-refresh';

/** How often live figures are asked for again while the page is visible. */
export const LIVE_REFRESH_MS = 5_000;

/**
 * A query asked again every few seconds while the page is visible, straight from the server.
 * A failed refresh keeps the last figures (and says so through `error`); `updatedAt` is when the
 * figures shown arrived.
 */
export function useLiveQuery<Data, Variables extends AnyVariables>(
  query: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  { pause = false, intervalMs = LIVE_REFRESH_MS }: { pause?: boolean; intervalMs?: number } = {},
) {
  const [result, reexecute] = useQuery({
    query,
    variables,
    pause,
    requestPolicy: 'network-only',
  });
  const refresh = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);
  useLiveRefresh(refresh, intervalMs, !pause);
  const key = JSON.stringify(variables);
  const data = useLastGood(result.data, key);
  const [arrived, setArrived] = useState<{ data: Data; at: Date } | null>(null);
  if (result.data && result.data !== arrived?.data)
    setArrived({ data: result.data, at: new Date() });
  return {
    data,
    error: result.error,
    fetching: result.fetching,
    refresh,
    updatedAt: data && arrived ? arrived.at : null,
  };
}
