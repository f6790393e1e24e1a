/** Multipart bodies for the REST upload endpoints, wrong somewhere. */
import { nastyString, RANDOM_ALPHABET } from './nasty-values';
import type { Rng } from './random';
import type { FuzzContext } from './requests';

/** A multipart body that is wrong somewhere: boundary, headers, closing, names, contents. */
export function multipartBody(
  rng: Rng,
  ctx: FuzzContext,
  fileField: string,
  textFields: string[],
): { contentType: string; body: Buffer; shape: string } {
  const boundary = rng.pick(['----fuzz', 'XyZ', 'b'.repeat(70), 'a b', 'x"y']);
  const fileContent = (): Buffer =>
    rng.pick<() => Buffer>([
      () => ctx.png,
      () => ctx.jpeg,
      () => ctx.png.subarray(0, rng.int(1, ctx.png.length - 1)),
      () => ctx.jpeg.subarray(0, rng.int(1, ctx.jpeg.length - 1)),
      () => Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
      () => Buffer.from('%PDF-1.'),
      () => Buffer.from('GIF89a'),
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      () => Buffer.from(''),
      () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
      () => Buffer.from(rng.string(rng.int(1, 200), RANDOM_ALPHABET)),
      () => Buffer.concat([ctx.png, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    ])();
  const names = [
    fileField,
    fileField,
    ...textFields,
    'file',
    'document',
    '',
    'fi\u0000le',
    'x'.repeat(300),
  ];
  const filenames = [
    'a.png',
    'a.jpg',
    'license.pdf',
    '../../etc/passwd',
    '',
    'a\u0000.png',
    '\u00e9t\u00e9.png',
    'a"b.png',
    'x'.repeat(1000),
  ];
  const types = [
    'image/png',
    'image/jpeg',
    'application/pdf',
    'text/plain',
    'image/svg+xml',
    '',
    'image/png; charset=x',
  ];
  const parts: Buffer[] = [];
  const count = rng.int(0, 4);
  for (let i = 0; i < count; i++) {
    const name = rng.pick(names);
    const isFile = rng.chance(0.6);
    let head = `content-disposition: form-data; name="${name}"`;
    if (isFile) head += `; filename="${rng.pick(filenames)}"`;
    const type = rng.pick(types);
    if (isFile && type) head += `\r\ncontent-type: ${type}`;
    if (rng.chance(0.05))
      head = rng.pick([
        'content-disposition: attachment',
        'x-nothing: 1',
        'content-disposition',
        '',
      ]);
    const content = isFile
      ? fileContent()
      : Buffer.from(
          rng.chance(0.5)
            ? String(rng.pick([ctx.ownSlug, 'OR', '2030-01-01', 'Other', 'Fuzz Shop']))
            : nastyString(rng),
        );
    parts.push(
      Buffer.concat([
        Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
        content,
        Buffer.from('\r\n'),
      ]),
    );
  }
  let body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  let contentType = `multipart/form-data; boundary=${boundary.includes(' ') || boundary.includes('"') ? `"${boundary.replace(/"/g, '\\"')}"` : boundary}`;
  const shape = rng.weighted([
    [10, 'well-formed'],
    [10, 'no-boundary'],
    [10, 'empty-boundary'],
    [10, 'other-boundary'],
    [10, 'no-closing'],
    [10, 'truncated'],
    [10, 'lf-only'],
    [10, 'no-header-end'],
    [10, 'empty-body'],
    [10, 'preamble'],
    [10, 'mixed'],
    [10, 'uppercase-type'],
    [10, 'whitespace-body'],
    // Rare, as each may cost the run a timeout: a part without a name, larger than a stream buffer.
    [1.5, 'large-nameless-part'],
  ] as const);
  switch (shape) {
    case 'well-formed':
      break;
    case 'no-boundary':
      contentType = 'multipart/form-data';
      break;
    case 'empty-boundary':
      contentType = 'multipart/form-data; boundary=';
      break;
    case 'other-boundary':
      contentType = 'multipart/form-data; boundary=somethingelse';
      break;
    case 'no-closing':
      body = Buffer.concat(parts);
      break;
    case 'truncated':
      body = body.subarray(0, rng.int(0, Math.max(0, body.length - 1)));
      break;
    case 'lf-only':
      body = Buffer.from(body.toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
      break;
    case 'no-header-end':
      body = Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${fileField}"; filename="a.png"\r\ncontent-type: image/png`,
      );
      break;
    case 'empty-body':
      body = Buffer.alloc(0);
      break;
    case 'preamble':
      body = Buffer.concat([Buffer.from('preamble garbage\r\n'), body, Buffer.from('epilogue')]);
      break;
    case 'mixed':
      contentType = `multipart/mixed; boundary=${boundary}`;
      break;
    case 'uppercase-type':
      contentType = contentType.replace('multipart/form-data', 'Multipart/Form-Data');
      break;
    case 'whitespace-body':
      body = Buffer.from('\r\n\r\n   \r\n');
      break;
    case 'large-nameless-part': {
      const head = rng.pick(['content-disposition', 'x-nothing: 1', 'content-type: image/png']);
      const content = Buffer.alloc(rng.int(70_000, 300_000), rng.pick(['x', '\u0000', '-']));
      body = Buffer.concat([
        Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      break;
    }
  }
  return { contentType, body, shape };
}
