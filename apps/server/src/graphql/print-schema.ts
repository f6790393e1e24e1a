import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printedSchema } from './schema';

const SCHEMA_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../schema.graphql',
);

writeFileSync(SCHEMA_FILE, printedSchema());
process.stdout.write(`Wrote ${SCHEMA_FILE}\n`);
