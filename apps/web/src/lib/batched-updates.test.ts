import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BatchedUpdates, PerFieldUpdates, type BatchState } from './batched-updates';

interface Profile {
  name: string;
  website: string | null;
  sales_tax_rate: number;
}

interface Address {
  locality: string | null;
  postal_code: string | null;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('BatchedUpdates (business fields: 1 s from the first edit)', () => {
  const makeBatcher = () => {
    const sent: Partial<Profile>[] = [];
    const states: BatchState[] = [];
    const batcher = new BatchedUpdates<Profile>({
      delayMs: 1000,
      send: (changes) => {
        sent.push(changes);
      },
      onStateChange: (state) => states.push(state),
    });
    return { batcher, sent, states };
  };

  it('sends five quick edits as one update in which the last value wins', async () => {
    const { batcher, sent } = makeBatcher();
    for (const [i, name] of ['C', 'Ch', 'Cha', 'Chal', 'Chalk'].entries()) {
      batcher.edit('name', name);
      if (i === 2) batcher.edit('website', 'chalk.example');
      await vi.advanceTimersByTimeAsync(150);
    }
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(400);
    expect(sent).toEqual([{ name: 'Chalk', website: 'chalk.example' }]);
  });

  it('counts the delay from the first edit, not the last', async () => {
    const { batcher, sent } = makeBatcher();
    batcher.edit('name', 'A');
    await vi.advanceTimersByTimeAsync(900);
    batcher.edit('name', 'AB');
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([{ name: 'AB' }]);
  });

  it('starts a new batch for edits made after a send', async () => {
    const { batcher, sent } = makeBatcher();
    batcher.edit('name', 'First');
    await vi.advanceTimersByTimeAsync(1000);
    batcher.edit('sales_tax_rate', 8.875);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([{ name: 'First' }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([{ name: 'First' }, { sales_tax_rate: 8.875 }]);
  });

  it('reports waiting, then sending, then idle', async () => {
    let finishSending = () => {};
    const states: BatchState[] = [];
    const batcher = new BatchedUpdates<Profile>({
      delayMs: 1000,
      send: () => new Promise<void>((resolve) => (finishSending = resolve)),
      onStateChange: (state) => states.push(state),
    });
    batcher.edit('name', 'A');
    batcher.edit('name', 'B');
    expect(batcher.state).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(batcher.state).toBe('sending');
    finishSending();
    await vi.advanceTimersByTimeAsync(0);
    expect(batcher.state).toBe('idle');
    expect(states).toEqual(['waiting', 'sending', 'idle']);
  });

  it('sends one batch at a time, in order, even when the first is slow', async () => {
    const calls: string[] = [];
    let finishFirst = () => {};
    const batcher = new BatchedUpdates<Profile>({
      delayMs: 1000,
      send: (changes) => {
        calls.push(`start ${changes.name}`);
        if (changes.name === 'old') {
          return new Promise<void>((resolve) => (finishFirst = resolve)).then(() => {
            calls.push('end old');
          });
        }
        calls.push(`end ${changes.name}`);
      },
    });
    batcher.edit('name', 'old');
    await vi.advanceTimersByTimeAsync(1000);
    batcher.edit('name', 'new');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual(['start old']);
    expect(batcher.state).toBe('sending');
    finishFirst();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['start old', 'end old', 'start new', 'end new']);
    expect(batcher.state).toBe('idle');
  });

  it('flush sends at once and cancel forgets what was waiting', async () => {
    const { batcher, sent } = makeBatcher();
    batcher.edit('name', 'Now');
    await batcher.flush();
    expect(sent).toEqual([{ name: 'Now' }]);
    batcher.edit('name', 'Never');
    expect(batcher.has('name')).toBe(true);
    batcher.cancel();
    expect(batcher.has('name')).toBe(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([{ name: 'Now' }]);
    expect(batcher.state).toBe('idle');
  });

  it('passes a failed send to onSendError and carries on with the next batch', async () => {
    const errors: unknown[] = [];
    const sent: Partial<Profile>[] = [];
    const batcher = new BatchedUpdates<Profile>({
      delayMs: 1000,
      send: (changes) => {
        if (changes.name === 'boom') return Promise.reject(new Error('offline'));
        sent.push(changes);
      },
      onSendError: (error) => errors.push(error),
    });
    batcher.edit('name', 'boom');
    await vi.advanceTimersByTimeAsync(1000);
    batcher.edit('name', 'fine');
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual([new Error('offline')]);
    expect(sent).toEqual([{ name: 'fine' }]);
    expect(batcher.state).toBe('idle');
  });
});

describe('PerFieldUpdates (address fields: each after 500 ms of quiet)', () => {
  const makeUpdates = () => {
    const sent: [keyof Address, unknown][] = [];
    const states: BatchState[] = [];
    const updates = new PerFieldUpdates<Address>({
      delayMs: 500,
      send: (field, value) => {
        sent.push([field, value]);
      },
      onStateChange: (state) => states.push(state),
    });
    return { updates, sent, states };
  };

  it('sends a field once it has been left alone for 500 ms, with its last value', async () => {
    const { updates, sent } = makeUpdates();
    for (const zip of ['9', '97', '972', '9721', '97214']) {
      updates.edit('postal_code', zip);
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(sent).toEqual([]);
    expect(updates.has('postal_code')).toBe(true);
    await vi.advanceTimersByTimeAsync(199);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([['postal_code', '97214']]);
    expect(updates.has('postal_code')).toBe(false);
  });

  it('sends each field separately, on its own timer', async () => {
    const { updates, sent, states } = makeUpdates();
    updates.edit('locality', 'Portland');
    await vi.advanceTimersByTimeAsync(300);
    updates.edit('postal_code', '97214');
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toEqual([['locality', 'Portland']]);
    expect(updates.state).toBe('waiting');
    await vi.advanceTimersByTimeAsync(300);
    expect(sent).toEqual([
      ['locality', 'Portland'],
      ['postal_code', '97214'],
    ]);
    expect(updates.state).toBe('idle');
    expect(states.at(0)).toBe('waiting');
    expect(states.at(-1)).toBe('idle');
  });

  it('sends an emptied field as null', async () => {
    const { updates, sent } = makeUpdates();
    updates.edit('locality', null);
    await updates.flush();
    expect(sent).toEqual([['locality', null]]);
  });
});
