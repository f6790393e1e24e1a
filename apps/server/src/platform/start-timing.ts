import { performance } from 'node:perf_hooks';

const enabled = Boolean(process.env.BEVY_START_TIMING);

/**
 * With BEVY_START_TIMING set, writes how long after the process started the start-up reached
 * `step` (to stderr, so the ready banner stays as it is). For measuring what the start spends.
 */
export function startMark(step: string): void {
  if (enabled) process.stderr.write(`[start] ${Math.round(performance.now())} ms ${step}\n`);
}
