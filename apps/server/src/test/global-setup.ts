import { writeFile, rm, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../db/client';
import { seedDemoData } from '../modules/seed/seed';
import { withDatabase } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpFile: string;
    postgresTemplate: string;
  }
}

/**
 * Builds one migrated and seeded database per run; each test file then gets a cheap copy
 * (a PGlite dump, or a PostgreSQL database created from a template).
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND;
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const template = `bevy_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, template) });
    await seedDemoData(database.db);
    await database.close();
    project.provide('postgresTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }

  const folder = await mkdtemp(path.join(tmpdir(), 'bevy-test-'));
  const database = await openDatabase({ kind: 'pglite' });
  await seedDemoData(database.db);
  const dump = await dumpPglite(database);
  await database.close();
  const file = path.join(folder, 'seeded.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDumpFile', file);
  return () => rm(folder, { recursive: true, force: true });
}
