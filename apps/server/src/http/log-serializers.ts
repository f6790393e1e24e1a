import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { driverErrorOf } from '../db/errors';

/**
 * Properties never logged: the SQL text and parameters a failed query carries (drizzle's
 * DrizzleQueryError and PGlite's errors keep them, and parameters can hold emails or password
 * hashes), and PostgreSQL's `detail` and `where`, which quote the values of a row. The message,
 * stack and inner errors are written on their own, below.
 */
const HIDDEN_KEYS = new Set([
  'query',
  'params',
  'parameters',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
  'cause',
  'originalError',
  'errors',
  'stack',
  'message',
]);

const MAX_DEPTH = 5;

export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  [key: string]: unknown;
}

/** drizzle's message for a failed query: "Failed query: <sql>\nparams: <params>". */
const isFailedQueryMessage = (message: string) => message.startsWith('Failed query:');

/** The stack's frames without its first line(s), which repeat the message. */
function framesOf(stack: string | undefined): string {
  if (!stack) return '';
  const at = stack.indexOf('\n    at ');
  return at === -1 ? '' : stack.slice(at);
}

function serialize(error: Error, depth: number): SerializedError {
  const type =
    typeof error.constructor === 'function' && error.constructor.name
      ? error.constructor.name
      : error.name;
  const wrapped = (error as { originalError?: unknown }).originalError;
  const driver = driverErrorOf(error) ?? driverErrorOf(wrapped);
  const serialized: SerializedError = { type, message: String(error.message) };
  if (isFailedQueryMessage(serialized.message)) {
    // The driver's code and message say what went wrong; the SQL and its parameters stay out.
    serialized.message = `Failed query: ${driver ? driver.message : 'the database refused it'}`;
    serialized.stack = `${type}: ${serialized.message}${framesOf(error.stack)}`;
  } else if (error.stack) {
    serialized.stack = error.stack;
  }
  for (const key of Object.keys(error)) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (HIDDEN_KEYS.has(key) || value === undefined) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      serialized[key] = value;
    }
  }
  if (driver && driver !== error) {
    serialized.code ??= driver.code;
    if (driver.constraint) serialized.constraint ??= driver.constraint;
  }
  if (depth < MAX_DEPTH) {
    const cause = error.cause ?? wrapped;
    if (cause instanceof Error) serialized.cause = serialize(cause, depth + 1);
    const inner = (error as { errors?: unknown }).errors;
    if (Array.isArray(inner)) {
      serialized.errors = inner
        .slice(0, 10)
        .map((each) => (each instanceof Error ? serialize(each, depth + 1) : each));
    }
  }
  return serialized;
}

/**
 * The logger's `err` serializer: type, message, stack, code and the error's other plain fields,
 * its cause serialized the same way; a failed query's SQL text and parameters are never logged,
 * only the database's code and message.
 */
export function serializeError(value: unknown): unknown {
  return value instanceof Error ? serialize(value, 0) : value;
}

/** Query parameters that carry a secret: a search key, sent the way Algolia's clients may. */
const SECRET_QUERY_PARAMETER = /([?&](?:x-algolia-api-key|x-search-key)=)[^&#]*/gi;

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETER, '$1[redacted]');
}

/** Fastify's request serializer, with secrets left out of the URL. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];
type LoggerOptions = Exclude<LoggerOption, boolean | undefined>;
type LogMethodHook = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>;

/** A log message that is a failed query's message, without its SQL and parameters. */
function safeLogMessage(message: string): string {
  return isFailedQueryMessage(message)
    ? 'Failed query (its SQL and parameters are not logged)'
    : message;
}

/**
 * The log call's arguments with no SQL in its message: pino takes an Error's message as the log
 * message when none is given (`log.error(error)`), and callers sometimes pass `error.message`.
 */
function safeLogArguments(args: Parameters<LogMethodHook>[0]): Parameters<LogMethodHook>[0] {
  const [first, second, ...rest] = args as unknown[];
  if (first instanceof Error && typeof second !== 'string') {
    return [first, (serializeError(first) as SerializedError).message] as never;
  }
  if (typeof first === 'string') return [safeLogMessage(first), second, ...rest] as never;
  if (typeof second === 'string') return [first, safeLogMessage(second), ...rest] as never;
  return args;
}

/**
 * The Fastify logger options, with the error serializer added (under `err` and `error`), log
 * messages kept free of SQL and request URLs free of search keys.
 */
export function withErrorSerializer(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const options: LoggerOptions = logger === true ? {} : logger;
  const theirs = options.hooks?.logMethod;
  const logMethod: LogMethodHook = function (args, method, level) {
    const safe = safeLogArguments(args);
    if (theirs) return theirs.call(this, safe, method, level);
    return method.apply(this, safe);
  };
  return {
    ...options,
    serializers: {
      req: serializeRequest,
      ...options.serializers,
      err: serializeError,
      error: serializeError,
    },
    hooks: { ...options.hooks, logMethod },
  } as LoggerOption;
}
