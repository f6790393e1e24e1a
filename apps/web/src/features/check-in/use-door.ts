import { normalizeTicketCode } from '@bevy/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient, useQuery, type Client, type CombinedError } from 'urql';
import type { ResultOf, VariablesOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { DOOR_EVENT, SCAN_TICKET } from './api/check-in';
import {
  addScan,
  loadQueue,
  makeNonce,
  queueKey,
  queuedScan,
  removeScan,
  updateQueue,
  type QueuedScan,
} from './offline-queue';

/** The server's answer to one scan. */
export type ScanAnswer = ResultOf<typeof SCAN_TICKET>['scanTicket'];
export type DoorSales = ResultOf<typeof DOOR_EVENT>['eventSales'];

/** One line of the door's history; the newest is shown large. */
export type DoorEntry =
  | { id: number; nonce: string; at: Date; kind: 'answer'; answer: ScanAnswer; synced: boolean }
  | { id: number; nonce: string; at: Date; kind: 'queued'; code: string }
  | { id: number; nonce: string; at: Date; kind: 'refused'; code: string; message: string };

/** A scan sent after the network came back, whose ticket another phone had admitted meanwhile. */
export interface Conflict {
  nonce: string;
  answer: ScanAnswer;
}

const HISTORY_LENGTH = 10;
/** A scan not answered by then is kept to send later: the door cannot wait on a dead network. */
const SCAN_TIMEOUT_MS = 10_000;
const SALES_POLL_MS = 10_000;
const SYNC_EVERY_MS = 15_000;
const DEVICE_KEY = 'check-in-device';

type Sent =
  | { answer: ScanAnswer }
  | { network: true }
  | { network: false; message: string; code: unknown; field: string | null };

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** A name for this phone in the server's log of scans, kept across visits. */
function deviceName(storage: Storage | null): string {
  try {
    const known = storage?.getItem(DEVICE_KEY);
    if (known) return known;
    const made = `door-${makeNonce().replace(/-/g, '').slice(0, 8)}`;
    storage?.setItem(DEVICE_KEY, made);
    return made;
  } catch {
    return 'door';
  }
}

/** Whether a call failed for want of a network, so the same scan may be sent again later. */
export function isNetworkFailure(error: CombinedError): boolean {
  return (
    Boolean(error.networkError) ||
    error.graphQLErrors.some((e) => e.extensions.code === 'SERVICE_UNAVAILABLE') ||
    (typeof navigator !== 'undefined' && navigator.onLine === false)
  );
}

/** Sends one scan; a network failure or no answer in time is `network`, to queue or keep. */
async function send(client: Client, variables: VariablesOf<typeof SCAN_TICKET>): Promise<Sent> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SCAN_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([
      client.mutation(SCAN_TICKET, variables).toPromise(),
      timeout,
    ]);
    if (result === null) return { network: true };
    if (result.data?.scanTicket) return { answer: result.data.scanTicket };
    if (!result.error || isNetworkFailure(result.error)) return { network: true };
    const refusal = describeError(result.error);
    return {
      network: false,
      message: refusal.message,
      code: result.error.graphQLErrors[0]?.extensions.code,
      field: refusal.field,
    };
  } catch {
    return { network: true };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The door of one event: scans and their answers, the count of people in, and the queue of scans
 * made without a network, kept in localStorage and sent again (with their original nonce and
 * time) when the network is back, every 15 seconds and on the browser's `online` event.
 */
export function useDoor(businessSlug: string, eventId: number) {
  const client = useClient();
  const [storage] = useState(browserStorage);
  const [device] = useState(() => deviceName(storage));

  const [sales, refetchSales] = useQuery({
    query: DOOR_EVENT,
    variables: { businessSlug, eventId },
    requestPolicy: 'cache-and-network',
  });
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (!document.hidden) refetchSales({ requestPolicy: 'network-only' });
    }, SALES_POLL_MS);
    return () => window.clearInterval(timer);
  }, [refetchSales]);

  // A poll that fails (offline) clears urql's data: the door keeps showing the last it had.
  const [lastSales, setLastSales] = useState<DoorSales>();
  const polled = sales.data?.eventSales;
  if (polled && polled !== lastSales) setLastSales(polled);
  const salesData = polled ?? lastSales;
  // The count of the newest answer wins until the next poll answers (a new data object).
  const salesRef = useRef(salesData);
  useEffect(() => {
    salesRef.current = salesData;
  }, [salesData]);
  const [answered, setAnswered] = useState<{ count: number; after: DoorSales | undefined }>();
  const checkedIn =
    answered && answered.after === salesData ? answered.count : salesData?.checkedIn;

  const [current, setCurrent] = useState<DoorEntry | null>(null);
  const [history, setHistory] = useState<DoorEntry[]>([]);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [sending, setSending] = useState(0);
  const [syncProblem, setSyncProblem] = useState<string | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  const nextId = useRef(1);

  // The queue: localStorage is the truth (another tab of the same event may add to it); when this
  // browser will not keep it, it lives in memory until the page closes.
  const [queue, setQueue] = useState<QueuedScan[]>(() => loadQueue(storage, eventId));
  const memoryQueue = useRef(queue);
  const [storageFailed, setStorageFailed] = useState(false);
  const readQueue = useCallback(
    () => (storageFailed ? memoryQueue.current : loadQueue(storage, eventId)),
    [storage, eventId, storageFailed],
  );
  const changeQueue = useCallback(
    (change: (queue: QueuedScan[]) => QueuedScan[]) => {
      let next: QueuedScan[];
      if (storageFailed) {
        next = change(memoryQueue.current);
      } else {
        const updated = updateQueue(storage, eventId, change);
        next = updated.saved ? updated.queue : change(memoryQueue.current);
        if (!updated.saved) setStorageFailed(true);
      }
      memoryQueue.current = next;
      setQueue(next);
    },
    [storage, eventId, storageFailed],
  );
  useEffect(() => {
    const fromOtherTab = (event: StorageEvent) => {
      if (event.key !== queueKey(eventId) || storageFailed) return;
      memoryQueue.current = loadQueue(storage, eventId);
      setQueue(memoryQueue.current);
    };
    window.addEventListener('storage', fromOtherTab);
    return () => window.removeEventListener('storage', fromOtherTab);
  }, [storage, eventId, storageFailed]);

  const remember = useCallback((entry: DoorEntry, replaceQueued: boolean) => {
    setHistory((entries) => {
      const at = replaceQueued ? entries.findIndex((e) => e.nonce === entry.nonce) : -1;
      if (at < 0) return [entry, ...entries].slice(0, HISTORY_LENGTH);
      return entries.map((e, index) => (index === at ? entry : e));
    });
  }, []);

  const countFrom = useCallback((answer: ScanAnswer) => {
    setAnswered({ count: answer.checkedInCount, after: salesRef.current });
  }, []);

  const flushing = useRef(false);
  /** Sends the queued scans, oldest first, until the network fails again. */
  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      for (const queued of readQueue()) {
        const input = {
          code: queued.code,
          nonce: queued.nonce,
          scannedAt: queued.scannedAt,
          offline: true,
          device,
        };
        let sent = await send(client, { businessSlug, eventId, input });
        if ('message' in sent && sent.field === 'scannedAt') {
          // The phone's clock is ahead of the server's: let the server stamp it.
          sent = await send(client, {
            businessSlug,
            eventId,
            input: { ...input, scannedAt: null },
          });
        }
        if ('network' in sent && sent.network) break;
        const id = nextId.current++;
        let entry: DoorEntry;
        if ('answer' in sent) {
          entry = {
            id,
            nonce: queued.nonce,
            at: new Date(queued.scannedAt),
            kind: 'answer',
            answer: sent.answer,
            synced: true,
          };
          countFrom(sent.answer);
          const { answer } = sent;
          setOnline(true);
          if (answer.conflict) {
            setConflicts((list) => [
              { nonce: queued.nonce, answer },
              ...list.filter((c) => c.nonce !== queued.nonce),
            ]);
          }
        } else if (sent.code === 'BAD_USER_INPUT') {
          // This scan will never be accepted (damaged, or for another event): drop it, and say so.
          entry = {
            id,
            nonce: queued.nonce,
            at: new Date(queued.scannedAt),
            kind: 'refused',
            code: queued.code,
            message: sent.message,
          };
        } else {
          // Signed out, or no longer allowed: keep the scans until someone who may sends them.
          setSyncProblem(sent.message);
          break;
        }
        setSyncProblem(null);
        changeQueue((list) => removeScan(list, queued.nonce));
        remember(entry, true);
        setCurrent((shown) =>
          shown?.kind === 'queued' && shown.nonce === queued.nonce ? entry : shown,
        );
      }
    } finally {
      flushing.current = false;
    }
  }, [readQueue, changeQueue, remember, countFrom, client, businessSlug, eventId, device]);

  useEffect(() => {
    const sync = () => {
      setOnline(navigator.onLine !== false);
      void flush();
    };
    const offline = () => setOnline(false);
    window.addEventListener('online', sync);
    window.addEventListener('offline', offline);
    const timer = window.setInterval(() => void flush(), SYNC_EVERY_MS);
    void flush();
    return () => {
      window.removeEventListener('online', sync);
      window.removeEventListener('offline', offline);
      window.clearInterval(timer);
    };
  }, [flush]);

  /** Checks in what the camera read or staff typed; answers when the answer is shown. */
  const scan = useCallback(
    async (read: string) => {
      const code = normalizeTicketCode(read);
      const nonce = makeNonce();
      const at = new Date();
      const show = (entry: DoorEntry) => {
        setCurrent(entry);
        remember(entry, false);
      };
      const keep = () => {
        changeQueue((list) => addScan(list, queuedScan(code, nonce, at)));
        show({ id: nextId.current++, nonce, at, kind: 'queued', code });
      };
      if (navigator.onLine === false) return keep();
      setSending((n) => n + 1);
      const sent = await send(client, {
        businessSlug,
        eventId,
        input: { code, nonce, device },
      });
      setSending((n) => n - 1);
      if ('answer' in sent) {
        setOnline(true);
        countFrom(sent.answer);
        show({
          id: nextId.current++,
          nonce,
          at,
          kind: 'answer',
          answer: sent.answer,
          synced: false,
        });
        // The network is back: send what waits.
        if (readQueue().length > 0) void flush();
      } else if (sent.network) {
        keep();
      } else {
        show({ id: nextId.current++, nonce, at, kind: 'refused', code, message: sent.message });
      }
    },
    [client, businessSlug, eventId, device, changeQueue, remember, countFrom, readQueue, flush],
  );

  return {
    sales: { data: salesData, fetching: sales.fetching, error: sales.error },
    reloadSales: () => refetchSales({ requestPolicy: 'network-only' }),
    checkedIn,
    scan,
    sending: sending > 0,
    current,
    history,
    queue,
    conflicts,
    syncNow: () => void flush(),
    syncProblem,
    storageFailed,
    online,
  };
}
