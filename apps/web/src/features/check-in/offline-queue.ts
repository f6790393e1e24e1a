/**
 * Scans the door could not send (no network): kept in the browser's storage, one list per event,
 * and sent again later with their original nonce and time, so the server counts each once. Pure
 * functions of a list and a Storage; the hook in use-door.ts holds the state.
 */

/** A scan waiting to be sent. */
export interface QueuedScan {
  /** The ticket code, normalized. */
  code: string;
  /** Made once when the scan happened; the server recognizes a scan sent again by it. */
  nonce: string;
  /** When it was scanned (ISO 8601). */
  scannedAt: string;
  offline: true;
}

/** What the server accepts as a nonce. */
const NONCE = /^[A-Za-z0-9_-]{8,64}$/;

/** The storage key of an event's queue. */
export function queueKey(eventId: number): string {
  return `check-in-queue:${eventId}`;
}

/** A nonce for one scan: a random UUID (8 to 64 letters, digits and dashes, as the server asks). */
export function makeNonce(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Insecure contexts (plain http) have no randomUUID; getRandomValues is everywhere.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** A scan to queue, made at the moment it was read. */
export function queuedScan(code: string, nonce: string, scannedAt: Date = new Date()): QueuedScan {
  return { code, nonce, scannedAt: scannedAt.toISOString(), offline: true };
}

function isQueuedScan(value: unknown): value is QueuedScan {
  if (typeof value !== 'object' || value === null) return false;
  const scan = value as Record<string, unknown>;
  return (
    typeof scan.code === 'string' &&
    scan.code.length > 0 &&
    scan.code.length <= 200 &&
    typeof scan.nonce === 'string' &&
    NONCE.test(scan.nonce) &&
    typeof scan.scannedAt === 'string' &&
    !Number.isNaN(Date.parse(scan.scannedAt))
  );
}

/** The queue with `scan` at its end; a scan already there (same nonce) is not added twice. */
export function addScan(queue: readonly QueuedScan[], scan: QueuedScan): QueuedScan[] {
  return queue.some((queued) => queued.nonce === scan.nonce) ? [...queue] : [...queue, scan];
}

/** The queue without the scan of that nonce. */
export function removeScan(queue: readonly QueuedScan[], nonce: string): QueuedScan[] {
  return queue.filter((queued) => queued.nonce !== nonce);
}

/**
 * A queue from its stored text: whatever is not a list of scans (no text, bad JSON, an older or
 * damaged entry) is left out rather than thrown, so one bad entry never blocks the door.
 */
export function parseQueue(stored: string | null): QueuedScan[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(isQueuedScan)
    .map(({ code, nonce, scannedAt }) => ({ code, nonce, scannedAt, offline: true as const }))
    .reduce<QueuedScan[]>(addScan, []);
}

/** The event's queue in `storage`; empty when there is none or it cannot be read. */
export function loadQueue(storage: Pick<Storage, 'getItem'> | null, eventId: number): QueuedScan[] {
  if (!storage) return [];
  try {
    return parseQueue(storage.getItem(queueKey(eventId)));
  } catch {
    return [];
  }
}

/**
 * Keeps the event's queue in `storage` (removing the key when it is empty); false when the
 * storage refused (full, or not available).
 */
export function saveQueue(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null,
  eventId: number,
  queue: readonly QueuedScan[],
): boolean {
  if (!storage) return false;
  try {
    if (queue.length === 0) storage.removeItem(queueKey(eventId));
    else storage.setItem(queueKey(eventId), JSON.stringify(queue));
    return true;
  } catch {
    return false;
  }
}

/**
 * Changes the stored queue as it is now (another tab may have changed it since this one read it)
 * and answers the new queue.
 */
export function updateQueue(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null,
  eventId: number,
  change: (queue: QueuedScan[]) => QueuedScan[],
): { queue: QueuedScan[]; saved: boolean } {
  const queue = change(loadQueue(storage, eventId));
  return { queue, saved: saveQueue(storage, eventId, queue) };
}
