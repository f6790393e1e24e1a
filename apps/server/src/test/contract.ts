import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's copy of the contract's GraphQL operations (contract/README.md). */
export const CONTRACT_OPERATIONS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../contract/operations.graphql',
);

export const readContractOperations = (): string => readFileSync(CONTRACT_OPERATIONS_FILE, 'utf8');
