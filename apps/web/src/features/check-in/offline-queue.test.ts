import { describe, expect, it } from 'vitest';
import {
  addScan,
  loadQueue,
  makeNonce,
  parseQueue,
  queueKey,
  queuedScan,
  removeScan,
  saveQueue,
  updateQueue,
  type QueuedScan,
} from './offline-queue';

const CODE_A = 'ABCDEFGHJKMNPQRSTVWXYZ0123';
const CODE_B = '0123456789ABCDEFGHJKMNPQRS';

const scan = (code: string, nonce: string, at = '2026-06-01T18:42:00.000Z'): QueuedScan => ({
  code,
  nonce,
  scannedAt: at,
  offline: true,
});

/** A Storage in memory; `refuse` makes every call throw, as a full or blocked storage does. */
class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  readonly items = new Map<string, string>();
  refuse = false;
  getItem(key: string) {
    if (this.refuse) throw new DOMException('blocked', 'SecurityError');
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.refuse) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    if (this.refuse) throw new DOMException('blocked', 'SecurityError');
    this.items.delete(key);
  }
}

describe('the offline queue', () => {
  it('is kept under one key per event', () => {
    expect(queueKey(42)).toBe('check-in-queue:42');
  });

  it('makes a scan with its nonce and the time it was read, marked offline', () => {
    const at = new Date('2026-06-01T18:42:00Z');
    expect(queuedScan(CODE_A, 'nonce-0001', at)).toEqual({
      code: CODE_A,
      nonce: 'nonce-0001',
      scannedAt: '2026-06-01T18:42:00.000Z',
      offline: true,
    });
  });

  it('makes nonces the server accepts, a new one each time', () => {
    const nonces = Array.from({ length: 50 }, makeNonce);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(new Set(nonces).size).toBe(50);
  });

  it('adds at the end, once per nonce', () => {
    const one = addScan([], scan(CODE_A, 'nonce-0001'));
    const two = addScan(one, scan(CODE_B, 'nonce-0002'));
    expect(two.map((s) => s.nonce)).toEqual(['nonce-0001', 'nonce-0002']);
    // The same scan queued again (a retry that failed twice) stays one scan.
    expect(addScan(two, scan(CODE_A, 'nonce-0001'))).toEqual(two);
    // The same code scanned twice is two scans: the server answers each.
    expect(addScan(two, scan(CODE_A, 'nonce-0003'))).toHaveLength(3);
  });

  it('does not change the list it was given', () => {
    const queue = [scan(CODE_A, 'nonce-0001')];
    addScan(queue, scan(CODE_B, 'nonce-0002'));
    removeScan(queue, 'nonce-0001');
    expect(queue).toEqual([scan(CODE_A, 'nonce-0001')]);
  });

  it('removes by nonce, and nothing else', () => {
    const queue = [scan(CODE_A, 'nonce-0001'), scan(CODE_A, 'nonce-0002')];
    expect(removeScan(queue, 'nonce-0001')).toEqual([scan(CODE_A, 'nonce-0002')]);
    expect(removeScan(queue, 'nonce-9999')).toEqual(queue);
  });

  it('saves and loads, keeping the original nonce and time', () => {
    const storage = new MemoryStorage();
    const queue = [scan(CODE_A, 'nonce-0001', '2026-06-01T18:40:00.000Z')];
    expect(saveQueue(storage, 7, queue)).toBe(true);
    expect(loadQueue(storage, 7)).toEqual(queue);
    // Another event's queue is another list.
    expect(loadQueue(storage, 8)).toEqual([]);
  });

  it('removes the key when the queue is empty', () => {
    const storage = new MemoryStorage();
    saveQueue(storage, 7, [scan(CODE_A, 'nonce-0001')]);
    saveQueue(storage, 7, []);
    expect(storage.items.has(queueKey(7))).toBe(false);
  });

  it.each([
    ['nothing stored', null],
    ['an empty text', ''],
    ['text that is not JSON', '{"code": "AB'],
    ['JSON that is not a list', '{"code":"x"}'],
    ['a list of other things', '[1, "two", null, []]'],
  ])('loads an empty queue from %s', (_label, stored) => {
    expect(parseQueue(stored)).toEqual([]);
  });

  it('keeps the good scans of a damaged list and drops the others', () => {
    const good = scan(CODE_A, 'nonce-0001');
    const stored = JSON.stringify([
      good,
      { ...good, nonce: 'short' },
      { ...good, nonce: 'has spaces in it' },
      { ...good, nonce: 'nonce-0002', scannedAt: 'yesterday' },
      { ...good, nonce: 'nonce-0003', code: '' },
      { nonce: 'nonce-0004', scannedAt: good.scannedAt },
      { ...good, nonce: 'nonce-0005', offline: false, extra: 'dropped' },
      good,
    ]);
    expect(parseQueue(stored)).toEqual([good, { ...good, nonce: 'nonce-0005' }]);
  });

  it('loads nothing, and says it did not save, when the storage refuses', () => {
    const storage = new MemoryStorage();
    saveQueue(storage, 7, [scan(CODE_A, 'nonce-0001')]);
    storage.refuse = true;
    expect(loadQueue(storage, 7)).toEqual([]);
    expect(saveQueue(storage, 7, [scan(CODE_B, 'nonce-0002')])).toBe(false);
    expect(loadQueue(null, 7)).toEqual([]);
    expect(saveQueue(null, 7, [])).toBe(false);
  });

  it('updates the queue as stored now, not as this tab last read it', () => {
    const storage = new MemoryStorage();
    saveQueue(storage, 7, [scan(CODE_A, 'nonce-0001')]);
    // Another tab queued a scan meanwhile.
    saveQueue(storage, 7, [scan(CODE_A, 'nonce-0001'), scan(CODE_B, 'nonce-0002')]);
    const { queue, saved } = updateQueue(storage, 7, (q) => removeScan(q, 'nonce-0001'));
    expect(saved).toBe(true);
    expect(queue).toEqual([scan(CODE_B, 'nonce-0002')]);
    expect(loadQueue(storage, 7)).toEqual(queue);
  });
});
