/** The checks applied to every answer: no 5xx, no stack trace, no internal path, no SQL. */
import type { FuzzRequest } from './requests';

export interface Problem {
  kind: string;
  /** What was found, normalized so that the same fault gives the same detail. */
  detail: string;
}

/** Every string (keys and values) in a parsed JSON value, one per line. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      stringsOf(item, out);
    }
  }
  return out;
}

const STACK_PATTERNS: readonly RegExp[] = [
  /^\s*at (?:async )?\S.*:\d+:\d+\)?\s*$/m,
  /\bat (?:async )?(?:[\w$.<>[\] ]+ )?\(?(?:file:\/\/|node:|\/)[^\s)]*:\d+/,
  /\b\w*Error: [^\n]*\n\s+at /,
];

const PATH_PATTERNS: readonly RegExp[] = [
  /\/work\//,
  /node_modules/,
  /apps\/server/,
  /\.[cm]?[jt]sx?:\d+/,
  /file:\/\/\//,
];

const SQL_PATTERNS: readonly RegExp[] = [
  /\bselect\s+(?:distinct\s+)?(?:\*|"\w+"|count\s*\(|[\w"]+\s*,)[\s\S]{0,400}?\bfrom\b/i,
  /\binsert\s+into\b/i,
  /\bupdate\s+"?\w+"?\s+set\b/i,
  /\bdelete\s+from\b/i,
  /failed query/i,
  /(?:^|\n)params: /,
  /violates (?:unique|foreign key|check|not-null|exclusion) constraint/i,
  /invalid input syntax for (?:type )?\w+/i,
  /out of range for type/i,
  /invalid byte sequence for encoding/i,
  /unsupported Unicode escape sequence/i,
  /syntax error at or near/i,
  /relation "\w+" does not exist/i,
  /\bSQLSTATE\b/,
];

/** What the caller sent, as text, to tell an echo of their own input from a leak. */
export function requestText(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : typeof request.payload === 'string'
        ? request.payload
        : request.payload.toString('latin1');
  let url = request.url;
  try {
    url += `\n${decodeURIComponent(request.url)}`;
  } catch {
    // Not decodable: the raw URL is what was sent.
  }
  let parsed = '';
  try {
    parsed = stringsOf(JSON.parse(payload)).join('\n');
  } catch {
    // Not JSON.
  }
  return `${url}\n${Object.values(request.headers).join('\n')}\n${payload}\n${parsed}`.toLowerCase();
}

function normalize(text: string): string {
  return text
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .slice(0, 120);
}

/** The error code and message an answer carries, for grouping. */
function errorSummary(parsed: unknown, body: string): string {
  const value = parsed as {
    error?: { code?: unknown; message?: unknown };
    errors?: { message?: unknown; extensions?: { code?: unknown } }[];
  } | null;
  if (value?.error) return `${String(value.error.code)}: ${String(value.error.message)}`;
  const first = Array.isArray(value?.errors) ? value.errors[0] : undefined;
  if (first) return `${String(first.extensions?.code ?? '')}: ${String(first.message)}`;
  return body.slice(0, 120);
}

/** Error codes that mean "our fault", not the caller's. */
const INTERNAL_CODES = new Set(['INTERNAL', 'INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE']);
const GENERIC_MESSAGE = /something went wrong on our side/i;

/** The first error of an answer that reports an internal failure (REST or GraphQL shape). */
function internalErrorOf(parsed: unknown): string | undefined {
  const value = parsed as {
    error?: { code?: unknown; message?: unknown };
    errors?: { message?: unknown; path?: unknown; extensions?: { code?: unknown } }[];
  } | null;
  if (value === null || typeof value !== 'object') return undefined;
  const restError = value.error;
  if (
    restError &&
    (INTERNAL_CODES.has(String(restError.code)) || GENERIC_MESSAGE.test(String(restError.message)))
  ) {
    return `${String(restError.code)}: ${String(restError.message)}`;
  }
  if (!Array.isArray(value.errors)) return undefined;
  const error = value.errors.find(
    (item) =>
      INTERNAL_CODES.has(String(item?.extensions?.code)) ||
      GENERIC_MESSAGE.test(String(item?.message)),
  );
  if (!error) return undefined;
  const where = Array.isArray(error.path) ? ` at ${error.path.join('.')}` : '';
  return `${String(error.extensions?.code)}${where}: ${String(error.message)}`;
}

/** What is wrong with an answer, if anything. */
export function problemsOf(
  request: FuzzRequest,
  response: { statusCode: number; body: string },
): Problem[] {
  const problems: Problem[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    parsed = undefined;
  }
  const summary = errorSummary(parsed, response.body);
  if (response.statusCode >= 500) {
    problems.push({ kind: `status ${response.statusCode}`, detail: normalize(summary) });
  } else {
    // GraphQL answers a resolver's unexpected failure inside a 200: a 5xx all the same.
    const internal = internalErrorOf(parsed);
    if (internal) {
      problems.push({
        kind: `internal error in a ${response.statusCode}`,
        detail: normalize(internal),
      });
    }
  }
  const text = parsed === undefined ? response.body : stringsOf(parsed).join('\n');
  let sent: string | undefined;
  const found = (patterns: readonly RegExp[]) => {
    for (const pattern of patterns) {
      const match = pattern.exec(text);
      if (!match) continue;
      // The caller's own input echoed back (a 404 naming the path, a GraphQL error quoting a value)
      // is no leak; text the caller never sent is.
      sent ??= requestText(request);
      if (!sent.includes(match[0].toLowerCase())) return match[0];
    }
    return undefined;
  };
  const stackKey =
    parsed !== undefined && /"(?:stack|stacktrace)"\s*:/.test(response.body)
      ? '"stack" key'
      : undefined;
  const stack = stackKey ?? found(STACK_PATTERNS);
  if (stack) problems.push({ kind: 'stack trace', detail: normalize(stack) });
  const internalPath = found(PATH_PATTERNS);
  if (internalPath) problems.push({ kind: 'internal path', detail: normalize(internalPath) });
  const errors = (parsed as { errors?: unknown } | undefined)?.errors;
  const isError = response.statusCode >= 400 || (Array.isArray(errors) && errors.length > 0);
  if (isError) {
    const sql = found(SQL_PATTERNS);
    if (sql) problems.push({ kind: 'SQL or database text', detail: normalize(sql) });
  }
  return problems;
}
