/**
 * Autosave without a framework: edits are collected and sent later, together, so typing does not
 * send a request per key. Used by the Edit Public Profile page (spec 7 "Update behavior").
 */

/** Nothing to do, edits waiting for their delay, or a batch on its way to the server. */
export type BatchState = 'idle' | 'waiting' | 'sending';

export interface BatchedUpdatesOptions<Fields extends object> {
  /** How long edits are collected before they are sent. */
  delayMs: number;
  /**
   * 'from-first-edit': the delay starts at the first edit of a batch and later edits join it, so
   * a batch leaves at most `delayMs` after it began. 'from-last-edit': every edit restarts the
   * delay, so changes leave once the user has paused for `delayMs` (a debounce).
   */
  timing?: 'from-first-edit' | 'from-last-edit';
  /**
   * Sends one batch: every field edited since the last batch, each with its latest value.
   * Batches are sent one at a time, in order, so a later edit can never be overtaken by an
   * earlier one. The callback reports its own failures; a rejection goes to `onSendError`.
   */
  send: (changes: Partial<Fields>) => unknown;
  onStateChange?: (state: BatchState) => void;
  onSendError?: (error: unknown) => void;
}

/** Collects edits to named fields and sends them as one batch after a delay; last edit wins. */
export class BatchedUpdates<Fields extends object> {
  private pending: Partial<Fields> = {};
  private timer: ReturnType<typeof setTimeout> | null = null;
  private batchesInFlight = 0;
  /** The end of the last batch sent; the next one waits for it. Never rejects. */
  private queue: Promise<void> = Promise.resolve();
  private lastState: BatchState = 'idle';

  constructor(private readonly options: BatchedUpdatesOptions<Fields>) {}

  get state(): BatchState {
    if (this.batchesInFlight > 0) return 'sending';
    return Object.keys(this.pending).length > 0 ? 'waiting' : 'idle';
  }

  /** Whether `field` has an edit waiting to be sent. */
  has(field: keyof Fields): boolean {
    return field in this.pending;
  }

  /** Records the field's new value; it replaces any earlier value still waiting. */
  edit<Field extends keyof Fields>(field: Field, value: Fields[Field]): void {
    this.pending[field] = value;
    const restart = this.options.timing === 'from-last-edit';
    if (this.timer !== null && restart) this.clearTimer();
    if (this.timer === null) {
      this.timer = setTimeout(() => void this.flush(), this.options.delayMs);
    }
    this.report();
  }

  /** Sends what is waiting now, without waiting for the delay; settles once it has been sent. */
  flush(): Promise<void> {
    this.clearTimer();
    const changes = this.pending;
    if (Object.keys(changes).length === 0) return this.queue;
    this.pending = {};
    this.batchesInFlight += 1;
    this.queue = this.queue
      .then(() => this.options.send(changes))
      .then(
        () => undefined,
        (error: unknown) => this.options.onSendError?.(error),
      )
      .finally(() => {
        this.batchesInFlight -= 1;
        this.report();
      });
    this.report();
    return this.queue;
  }

  /** Forgets edits not yet sent; a batch already on its way still arrives. */
  cancel(): void {
    this.clearTimer();
    this.pending = {};
    this.report();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private report(): void {
    const state = this.state;
    if (state === this.lastState) return;
    this.lastState = state;
    this.options.onStateChange?.(state);
  }
}

export interface PerFieldUpdatesOptions<Fields extends object> {
  /** How long a field must be left alone before its new value is sent. */
  delayMs: number;
  /** Sends one field's latest value; each field's sends stay in order. */
  send: <Field extends keyof Fields>(field: Field, value: Fields[Field]) => unknown;
  /** The combined state of every field: 'sending' if any is, else 'waiting' if any is. */
  onStateChange?: (state: BatchState) => void;
  onSendError?: (error: unknown) => void;
}

/**
 * Sends each field on its own once it has been left alone for the delay (a debounce per field),
 * so editing the city does not hold back, or get sent with, a change to the ZIP code.
 */
export class PerFieldUpdates<Fields extends object> {
  private readonly fields = new Map<keyof Fields, BatchedUpdates<Fields>>();
  private lastState: BatchState = 'idle';

  constructor(private readonly options: PerFieldUpdatesOptions<Fields>) {}

  get state(): BatchState {
    const states = [...this.fields.values()].map((batch) => batch.state);
    if (states.includes('sending')) return 'sending';
    return states.includes('waiting') ? 'waiting' : 'idle';
  }

  /** Whether `field` has an edit waiting to be sent. */
  has(field: keyof Fields): boolean {
    return this.fields.get(field)?.has(field) ?? false;
  }

  edit<Field extends keyof Fields>(field: Field, value: Fields[Field]): void {
    this.batchFor(field).edit(field, value);
  }

  /** Sends every field that is waiting now; settles once all have been sent. */
  async flush(): Promise<void> {
    await Promise.all([...this.fields.values()].map((batch) => batch.flush()));
  }

  cancel(): void {
    for (const batch of this.fields.values()) batch.cancel();
  }

  private batchFor(field: keyof Fields): BatchedUpdates<Fields> {
    let batch = this.fields.get(field);
    if (!batch) {
      batch = new BatchedUpdates<Fields>({
        delayMs: this.options.delayMs,
        timing: 'from-last-edit',
        send: (changes) => this.options.send(field, changes[field] as Fields[typeof field]),
        onStateChange: () => this.report(),
        onSendError: this.options.onSendError,
      });
      this.fields.set(field, batch);
    }
    return batch;
  }

  private report(): void {
    const state = this.state;
    if (state === this.lastState) return;
    this.lastState = state;
    this.options.onStateChange?.(state);
  }
}
