/**
 * Generators of malformed requests for the fuzz test (http/malformed-requests.int.test.ts), and the
 * checks applied to every answer. Everything random comes from a seeded `Rng`, so a seed and a
 * request number name one request exactly.
 */
export { problemsOf, type Problem } from './checks';
export { describeRequest, logRunSummary } from './describe';
export { contractOperationsFile, SCHEMA_FILE } from './files';
export { GraphqlGenerator } from './graphql-generator';
export { requestSeed, Rng } from './random';
export type { FuzzContext, FuzzRequest } from './requests';
export { restRequest } from './rest-generator';
export { REST_TARGETS } from './rest-targets';
