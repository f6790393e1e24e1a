/** Where services read the time, so tests of expiries, reminders and renewals move time instead of waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export function manualClock(start: Date | string = new Date()): Clock & {
  set(at: Date | string): void;
  advance(milliseconds: number): void;
} {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (milliseconds) => {
      current += milliseconds;
    },
  };
}
