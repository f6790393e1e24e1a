/** What the parts of the GraphQL generator share: operations, bodies, senders and sending. */
import {
  typeFromAST,
  visit,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { percentEncode, toJson } from './encoding';
import { inputValue, type ValueOptions } from './graphql-values';
import type { Rng } from './random';
import { jsonRequest, type FuzzRequest, type Who } from './requests';

export interface ContractOperation {
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  node: OperationDefinitionNode;
  /** The operation and the fragments it uses, printed. */
  document: string;
  fragments: string;
}

export interface GraphqlBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
  [key: string]: unknown;
}

export function usedFragments(
  node: OperationDefinitionNode | FragmentDefinitionNode,
  all: Map<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): Set<string> {
  visit(node, {
    FragmentSpread(spread) {
      const name = spread.name.value;
      if (seen.has(name)) return;
      seen.add(name);
      const fragment = all.get(name);
      if (fragment) usedFragments(fragment, all, seen);
    },
  });
  return seen;
}

/** The schema and the contract's operations that GraphQL requests are generated from. */
export interface GraphqlSource {
  readonly schema: GraphQLSchema;
  readonly operations: ContractOperation[];
}

/**
 * Who sends it. Requests whose meaning does not depend on the caller are mostly anonymous: a
 * session costs a database read per request, and the run has a time budget.
 */
export function whoSends(rng: Rng, signedIn = 0.7): Who {
  if (!rng.chance(signedIn)) return 'anonymous';
  return rng.chance(0.45) ? 'buyer' : 'seller';
}

/** Sends a body the usual way (POST JSON), or now and then as GET or application/graphql. */
export function sendGraphql(
  rng: Rng,
  family: string,
  target: string,
  who: Who,
  body: GraphqlBody,
): FuzzRequest {
  const way = rng.weighted([
    [85, 'post'],
    [11, 'get'],
    [4, 'graphql'],
  ] as const);
  if (way === 'get') {
    const params = Object.entries(body)
      .filter(([, value]) => value !== undefined)
      .map(
        ([key, value]) =>
          `${key}=${percentEncode(typeof value === 'string' ? value : toJson(value))}`,
      );
    return {
      family: `${family} (GET)`,
      target,
      who,
      method: 'GET',
      url: `/graphql?${params.join('&')}`,
      headers: {},
    };
  }
  if (way === 'graphql' && typeof body.query === 'string') {
    return jsonRequest(
      `${family} (application/graphql)`,
      target,
      who,
      '/graphql',
      body.query,
      'application/graphql',
    );
  }
  return jsonRequest(family, target, who, '/graphql', toJson(body));
}

/** Variables for a contract operation, from its variable definitions and the schema. */
export function variablesFor(
  source: GraphqlSource,
  op: ContractOperation,
  options: ValueOptions,
): Record<string, unknown> {
  const variables: Record<string, unknown> = {};
  for (const definition of op.node.variableDefinitions ?? []) {
    const type = typeFromAST(source.schema, definition.type) as GraphQLInputType | undefined;
    const name = definition.variable.name.value;
    if (!type) continue;
    if (options.rng.chance(options.chaos * 0.2)) continue;
    variables[name] = inputValue(type, name, options, 0);
  }
  return variables;
}
