import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAs } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let seller: string;
let buyer: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await logInAs(t.app, 'seller@bevy.example', 'bevy-seller-demo');
  buyer = await logInAs(t.app, 'buyer@bevy.example', 'bevy-buyer-demo');
});
afterAll(() => t.close());

/** A multipart body with one file field named `file` (and optional text fields). */
async function multipart(file: Buffer, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file], { type: 'image/png' }), filename);
  const request = new Request('http://local/upload', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function upload(file: Buffer, filename: string, cookie?: string, fields = {}) {
  const body = await multipart(file, filename, fields);
  return t.app.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#7b2c3f' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
    .toBuffer();

/** A PNG whose header claims a huge size, with no pixels behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('POST /upload', () => {
  it('stores a re-encoded image under a generated name, without its metadata', async () => {
    const response = await upload(await photo(), 'my holiday.jpg', seller);
    expect(response.statusCode).toBe(200);
    const { status, fileUrl } = response.json();
    expect(status).toBe('success');
    expect(fileUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses a text file named .png with 415', async () => {
    const response = await upload(
      Buffer.from('this is not a picture at all'),
      'banner.png',
      seller,
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: "You can't upload files of this type.",
    });
  });

  it('refuses a file over 10 MB with 413', async () => {
    const response = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'huge.png', seller);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('FILE_TOO_LARGE');
  });

  it('refuses an image claiming 50,000 × 50,000 pixels without decoding it', async () => {
    const before = process.memoryUsage().rss;
    const response = await upload(pngClaiming(50_000, 50_000), 'bomb.png', seller);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toMatch(/50000 × 50000 pixels/);
    // Decoding it would need 10 GB; the refusal costs next to nothing.
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('is only for sellers: 401 anonymous, 403 for a buyer or for another business', async () => {
    const image = await photo();
    expect((await upload(image, 'a.jpg')).statusCode).toBe(401);
    const asBuyer = await upload(image, 'a.jpg', buyer);
    expect(asBuyer.statusCode).toBe(403);
    expect(asBuyer.json().error.code).toBe('FORBIDDEN');
    const other = await upload(image, 'a.jpg', seller, { slug: 'no-such-business' });
    expect(other.statusCode).toBe(403);
  });

  it('never serves paths outside its folder', async () => {
    for (const url of ['/uploads/..%2F..%2Fpackage.json', '/uploads/licences', '/uploads/x.svg']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
