/** Requests described as code to paste into a test, and the run's summary line. */
import type { FuzzRequest } from './requests';

/** Runs of one character at least this long are written as `.repeat(n)` / `Buffer.alloc(n)`. */
const RUN = 32;

/** Splits text into runs of one repeated character (at least RUN long) and the text between. */
function runs(text: string): { run: boolean; text: string }[] {
  const parts: { run: boolean; text: string }[] = [];
  const pattern = new RegExp(`([\\s\\S])\\1{${RUN - 1},}`, 'g');
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push({ run: false, text: text.slice(last, match.index) });
    parts.push({ run: true, text: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ run: false, text: text.slice(last) });
  return parts;
}

/** A string as a JS expression, long runs as `.repeat`, cut beyond `limit` characters shown. */
function stringExpression(text: string, limit: number): string {
  const parts = runs(text).map((part) =>
    part.run
      ? `${JSON.stringify(part.text[0])}.repeat(${part.text.length})`
      : JSON.stringify(part.text),
  );
  const expression = parts.join(' + ');
  return expression.length > limit
    ? `${expression.slice(0, limit)}… /* ${text.length} characters in all */`
    : expression;
}

/** Bytes as a JS expression, long runs as `Buffer.alloc`, the rest as latin1 text. */
function bufferExpression(bytes: Buffer, limit: number): string {
  const parts = runs(bytes.toString('latin1')).map((part) =>
    part.run
      ? `Buffer.alloc(${part.text.length}, ${part.text.charCodeAt(0)})`
      : `Buffer.from(${JSON.stringify(part.text)}, 'latin1')`,
  );
  const expression = `Buffer.concat([${parts.join(', ')}])`;
  return expression.length > limit
    ? `${expression.slice(0, limit)}… /* ${bytes.length} bytes in all */`
    : expression;
}

/** A request as code to paste into a test (`app.inject(...)`), long runs written compactly. */
export function describeRequest(request: FuzzRequest, limit = 2000): string {
  const lines = [`method: '${request.method}',`, `url: ${stringExpression(request.url, limit)},`];
  const shownHeaders = Object.entries(request.headers).map(
    ([key, value]) => `${JSON.stringify(key)}: ${stringExpression(value, limit)}`,
  );
  if (request.who !== 'anonymous') shownHeaders.push(`cookie: <${request.who} session cookie>`);
  lines.push(`headers: { ${shownHeaders.join(', ')} },`);
  if (request.payload !== undefined) {
    const payload =
      typeof request.payload === 'string'
        ? stringExpression(request.payload, limit)
        : bufferExpression(request.payload, limit);
    lines.push(`payload: ${payload},`);
  }
  return `{ ${lines.join(' ')} }`;
}

/** One line about a finished run (counts, time, statuses), for whoever reads the test output. */
export function logRunSummary(line: string): void {
  console.info(line);
}
