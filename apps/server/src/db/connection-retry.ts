import { setTimeout as sleep } from 'node:timers/promises';
import { isConnectionLoss } from './errors';

const FIRST_DELAY_MS = 50;
const MAX_DELAY_MS = 1000;

/**
 * Runs `work` again while it fails only because the database connection was lost, waiting a
 * little longer each time (50 ms doubling to 1 s), until it succeeds, fails otherwise, or `forMs`
 * have passed (then the last connection error is thrown). `work` must be safe to repeat: a
 * transaction whose COMMIT was lost may or may not have been applied.
 */
export async function retryWhileConnectionLost<T>(
  work: () => Promise<T>,
  forMs: number,
): Promise<T> {
  const deadline = Date.now() + forMs;
  for (let delay = FIRST_DELAY_MS; ; delay = Math.min(delay * 2, MAX_DELAY_MS)) {
    try {
      return await work();
    } catch (error) {
      if (!isConnectionLoss(error) || Date.now() + delay > deadline) throw error;
    }
    await sleep(delay);
  }
}
