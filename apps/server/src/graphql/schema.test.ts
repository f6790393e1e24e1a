import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readContractOperations } from '../test/contract';
import { printedSchema, schema } from './schema';

const here = path.dirname(fileURLToPath(import.meta.url));
const schemaFile = path.resolve(here, '../../schema.graphql');

describe('GraphQL schema', () => {
  it('matches the committed apps/server/schema.graphql (run npm run schema:print)', () => {
    expect(readFileSync(schemaFile, 'utf8')).toBe(printedSchema());
  });

  it('accepts every operation of the contract exactly as written', () => {
    const document = parse(readContractOperations());
    const operations = document.definitions.filter((d) => d.kind === 'OperationDefinition');
    expect(operations).toHaveLength(9);
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
