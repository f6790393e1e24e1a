/** Where the fuzz test finds the schema and the contract's operations. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTRACT_OPERATIONS_FILE } from '../contract';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The printed schema, apps/server/schema.graphql. */
export const SCHEMA_FILE = path.resolve(here, '../../../schema.graphql');

/** The contract's GraphQL operations: the repository's copy (contract/operations.graphql). */
export function contractOperationsFile(): string {
  return CONTRACT_OPERATIONS_FILE;
}
