import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  Kind,
  NoUnusedFragmentsRule,
  specifiedRules,
  validate,
  type DocumentNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const schema = buildSchema(readFileSync(path.resolve(here, '../../server/schema.graphql'), 'utf8'));

/** Every module that holds documents: a feature's api/ folder, or lib/api/ for shared ones. */
const apiModules = import.meta.glob<Record<string, unknown>>(
  ['./features/*/api/*.ts', './lib/api/*.ts', '!**/*.test.ts'],
  { eager: true },
);

const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && (value as DocumentNode).kind === Kind.DOCUMENT;

const documents = Object.entries(apiModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, DocumentNode] => isDocument(entry[1]))
    .map(([name, document]) => ({ label: `${file.slice(2)} ${name}`, document })),
);

/** A fragment's own document is checked on its own, where no operation spreads it. */
const fragmentRules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the web app’s GraphQL documents', () => {
  it('are found in the api folders', () => {
    expect(documents.length).toBeGreaterThan(50);
  });

  it.each(documents.map(({ label, document }) => [label, document] as const))(
    '%s is valid against apps/server/schema.graphql',
    (_label, document) => {
      const operations = document.definitions.filter(
        (definition) => definition.kind === Kind.OPERATION_DEFINITION,
      );
      // The server's limits, its logs and the contract know operations by name.
      expect(operations.every((operation) => operation.name !== undefined)).toBe(true);
      const rules = operations.length > 0 ? specifiedRules : fragmentRules;
      expect(validate(schema, document, rules).map((error) => error.message)).toEqual([]);
    },
  );

  it('are all written in api folders, so the check above sees every one', () => {
    const elsewhere = sourceFiles(here)
      .map((file) => path.relative(here, file))
      .filter((file) => !/[\\/]api[\\/]/.test(file) && file !== path.join('lib', 'graphql.ts'))
      .filter((file) => /\bgraphql\(|\bgql\s*`/.test(readFileSync(path.join(here, file), 'utf8')));
    expect(elsewhere).toEqual([]);
  });
});
