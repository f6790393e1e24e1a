import type { Logger } from './context';

/** A logger that writes nothing: for the seed, benchmarks and tests that call services directly. */
export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  silent() {},
  level: 'silent',
  child: () => silentLogger,
} as unknown as Logger;
