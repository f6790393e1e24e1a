import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsActor } from '../test/actors';
import { sellerBusinessSlugs } from '../test/fixtures';
import { gql } from '../test/graphql-client';
import { createTestApp, type TestApp } from '../test/test-app';
import { ACK_CHANNEL, CHANGE_CHANNEL, LISTENING_LOCK } from './change-bridge';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/**
 * Another process, played by hand: it listens as every server process does and acknowledges
 * each announcement only after `ackAfterMs`, or never.
 */
async function standInProcess(url: string, ackAfterMs: number | 'never') {
  const client = new pg.Client({ connectionString: url });
  const acked: { sequence: number; at: number }[] = [];
  const heard: number[] = [];
  const sending: Promise<unknown>[] = [];
  client.on('notification', (message) => {
    if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
    const { origin, sequence } = JSON.parse(message.payload) as {
      origin: string;
      sequence: number;
    };
    heard.push(sequence);
    if (ackAfterMs === 'never') return;
    setTimeout(() => {
      acked.push({ sequence, at: Date.now() });
      const ack = JSON.stringify({ to: origin, sequence, from: 'stand-in' });
      sending.push(client.query('select pg_notify($1, $2)', [ACK_CHANNEL, ack]));
    }, ackAfterMs);
  });
  await client.connect();
  await client.query(`LISTEN ${CHANGE_CHANNEL}`);
  // What a server process's listening connection holds, so writers count it.
  await client.query('select pg_advisory_lock_shared($1, $2)', [
    LISTENING_LOCK.space,
    LISTENING_LOCK.key,
  ]);
  return {
    heard,
    acked,
    // The write may answer before its acknowledgement's own query has: let that finish first.
    stop: async () => {
      await Promise.all(sending);
      await client.end();
    },
  };
}

describe.runIf(onPostgres)('announcing a write to the other processes', () => {
  let t: TestApp;
  let seller: string;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await logInAsActor(t.app, 'seller');
    slug = (await sellerBusinessSlugs(t.database.db)).ownSlug;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  async function rename(name: string) {
    const result = await gql(
      t.app,
      `mutation($slug: String!, $update: BusinessUpdateInput!) { updateBusiness(slug: $slug, update: $update) { id } }`,
      { slug, update: { name: { set: name } } },
      { cookie: seller },
    );
    expect(result.body.errors).toBeUndefined();
    return Date.now();
  }

  it('answers the write only once every other process has applied it', async () => {
    const slow = await standInProcess(t.databaseUrl!, 300);
    try {
      const answeredAt = await rename('Acknowledged Cellars');
      expect(slow.heard.length).toBe(1);
      expect(slow.acked.length).toBe(1);
      expect(answeredAt).toBeGreaterThanOrEqual(slow.acked[0]!.at);
    } finally {
      await slow.stop();
    }
  });

  it('is not held up for ever by a process that never acknowledges', async () => {
    const hung = await standInProcess(t.databaseUrl!, 'never');
    try {
      const startedAt = Date.now();
      const answeredAt = await rename('Unacknowledged Cellars');
      expect(hung.heard.length).toBe(1);
      expect(answeredAt - startedAt).toBeLessThan(10_000);
    } finally {
      await hung.stop();
    }
  });
});
