import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStore, s3FileStore, type FileStore } from './file-store';

async function text(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
}

/** A stand-in for an S3-compatible service: path-style PUT and GET of objects, in memory. */
function fakeS3(): { server: Server; objects: Map<string, { body: Buffer; type?: string }> } {
  const objects = new Map<string, { body: Buffer; type?: string }>();
  const server = createServer((request, response) => {
    const key = decodeURIComponent(new URL(request.url!, 'http://s3').pathname);
    if (request.method === 'PUT') {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        objects.set(key, { body: Buffer.concat(chunks), type: request.headers['content-type'] });
        response.writeHead(200, { etag: '"x"' }).end();
      });
      return;
    }
    const found = objects.get(key);
    if (!found) {
      response
        .writeHead(404, { 'content-type': 'application/xml' })
        .end('<Error><Code>NoSuchKey</Code><Message>The key does not exist.</Message></Error>');
      return;
    }
    response
      .writeHead(200, { 'content-type': found.type ?? '', 'content-length': found.body.length })
      .end(found.body);
  });
  return { server, objects };
}

function behavesAsAStore(name: string, makeStore: () => FileStore) {
  describe(name, () => {
    it('keeps a file and gives it back, and knows when there is none', async () => {
      const store = makeStore();
      await store.put('a1b2.png', Buffer.from('png bytes'), 'image/png');
      const found = await store.get('a1b2.png');
      expect(found?.size).toBe(9);
      expect(await text(found!.body)).toBe('png bytes');
      expect(await store.get('missing.png')).toBeNull();
    });
  });
}

let folder: string;
let s3: ReturnType<typeof fakeS3>;
let endpoint: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'bevy-store-'));
  s3 = fakeS3();
  await new Promise<void>((resolve) => s3.server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(s3.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await new Promise((resolve) => s3.server.close(resolve));
});

behavesAsAStore('the local folder', () => localFileStore(folder));
behavesAsAStore('an S3-compatible bucket', () =>
  s3FileStore({
    bucket: 'bevy-test',
    prefix: 'uploads/',
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'test',
    secretAccessKey: 'test',
  }),
);

describe('stores', () => {
  it('writes under the prefix in the bucket, with the content type', async () => {
    const store = s3FileStore({
      bucket: 'shop',
      prefix: 'img/',
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'test',
      secretAccessKey: 'test',
    });
    await store.put('c3d4.gif', Buffer.from('gif bytes'), 'image/gif');
    expect(s3.objects.get('/shop/img/c3d4.gif')).toMatchObject({ type: 'image/gif' });
  });

  it('never overwrites a local file', async () => {
    const store = localFileStore(folder);
    await store.put('e5f6.png', Buffer.from('first'), 'image/png');
    await expect(store.put('e5f6.png', Buffer.from('other'), 'image/png')).rejects.toThrow();
  });
});
