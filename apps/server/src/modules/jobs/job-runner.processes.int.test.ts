import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { systemClock } from '../../platform/clock';
import { withDatabase } from '../../test/database-url';
import { listJobs } from '.';

const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const probeScript = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'testing',
  'probe-process.ts',
);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ProbeRow extends Record<string, unknown> {
  kind: string;
  pid: number;
  attempt: number;
}

/** A server process running the job runner with the probe jobs; resolves once it runs. */
function startProbe(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', probeScript], {
    env: { ...process.env, PROBE_DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`A probe process stopped (${code})`)));
  });
}

function stopProbe(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL', () => {
  let admin: pg.Client;
  let name: string;
  let database: Database;
  let probes: ChildProcess[] = [];

  const probeRows = async (kind: string) =>
    (
      (await database.db.execute(
        sql`select kind, pid, attempt from jobs_probe where kind = ${kind} order by at`,
      )) as unknown as { rows: ProbeRow[] }
    ).rows;

  let startedAt: number;

  beforeAll(async () => {
    startedAt = Date.now();
    const adminUrl = process.env.TEST_DATABASE_URL!;
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    name = `bevy_jobs_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const url = withDatabase(adminUrl, name);
    database = await openDatabase({ kind: 'postgres', url, maxConnections: 2 });
    await database.db.execute(sql`
      create table jobs_probe (
        kind text not null, pid int not null, attempt int not null,
        at timestamptz not null default clock_timestamp()
      )`);
    probes = await Promise.all([startProbe(url), startProbe(url)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all(probes.map(stopProbe));
    await database?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('runs a scheduled job once per period, not once per process', async () => {
    await vi.waitFor(async () => expect(await probeRows('scheduled')).toHaveLength(1), {
      timeout: 10_000,
      interval: 200,
    });
    // Both processes look at the schedule every second meanwhile.
    await sleep(5_000);
    // One run per minute begun since the processes started (two if a minute turned meanwhile).
    const minute = (time: number) => Math.floor(time / 60_000);
    const periods = minute(Date.now()) - minute(startedAt) + 1;
    const runs = await probeRows('scheduled');
    expect(runs.length).toBeGreaterThanOrEqual(1);
    expect(runs.length).toBeLessThanOrEqual(periods);
  });

  it('retries in the other process a job whose process was killed mid-run, and completes it once', async () => {
    probes[0]!.kill('SIGUSR2');
    const [started] = await vi.waitFor(
      async () => {
        const rows = await probeRows('slow-start');
        expect(rows).toHaveLength(1);
        return rows;
      },
      { timeout: 10_000, interval: 100 },
    );
    const victim = probes.find((probe) => probe.pid === started!.pid)!;
    const survivor = probes.find((probe) => probe !== victim)!;
    victim.kill('SIGKILL');

    await vi.waitFor(async () => expect(await probeRows('slow-end')).toHaveLength(1), {
      timeout: 20_000,
      interval: 200,
    });
    await sleep(1_500);
    expect(await probeRows('slow-start')).toEqual([
      { kind: 'slow-start', pid: victim.pid, attempt: 1 },
      { kind: 'slow-start', pid: survivor.pid, attempt: 2 },
    ]);
    expect(await probeRows('slow-end')).toEqual([
      { kind: 'slow-end', pid: survivor.pid, attempt: 2 },
    ]);

    // What /admin/jobs shows: the run cut short, then the retry that completed.
    const slow = (await listJobs({ db: database.db, clock: systemClock })).find(
      (job) => job.name === 'probe.slow',
    );
    expect(slow?.lastRun).toMatchObject({ attempt: 2, outcome: 'completed' });
    expect(slow?.recentFailures).toMatchObject([{ attempt: 1, outcome: 'interrupted' }]);
  });
});
