/** GraphQL requests from the contract's operations, with random variables and mutated text. */
import { getNamedType, print, typeFromAST, type GraphQLInputType } from 'graphql';
import { toLiteral } from './encoding';
import {
  sendGraphql,
  variablesFor,
  whoSends,
  type GraphqlBody,
  type GraphqlSource,
} from './graphql-shared';
import { inputValue, type Chaos, type ValueOptions } from './graphql-values';
import { nastyString, wrongKind } from './nasty-values';
import type { Rng } from './random';
import type { FuzzContext, FuzzRequest } from './requests';

/** The contract's operations, with random variables and with their text mutated. */
export function contractRequest(rng: Rng, ctx: FuzzContext, source: GraphqlSource): FuzzRequest {
  const op = rng.pick(source.operations);
  const chaos: Chaos = rng.pick([0, 0, 0.03, 0.15, 0.4]);
  const options: ValueOptions = { rng, ctx, chaos, literal: false };
  const mutation = rng.weighted([
    [30, 'none'],
    [12, 'truncate'],
    [10, 'edit'],
    [7, 'unknown-field'],
    [5, 'unknown-argument'],
    [5, 'unknown-fragment'],
    [4, 'fragment-cycle'],
    [4, 'fragment-unknown-type'],
    [5, 'variables-shape'],
    [6, 'operation-name'],
    [5, 'variable-type'],
    [5, 'nul-literal'],
    [3, 'duplicate-operation'],
    [3, 'raw-control-character'],
  ] as const);
  let query = op.document;
  let variables: unknown = variablesFor(source, op, options);
  let operationName: unknown = rng.chance(0.5) ? op.name : undefined;
  const words = [...new Set(query.match(/\b[a-z_][A-Za-z_]+\b/g) ?? [])].filter(
    (word) => !['query', 'mutation', 'fragment', 'on'].includes(word),
  );
  switch (mutation) {
    case 'none':
      break;
    case 'truncate':
      query = query.slice(0, rng.int(0, query.length - 1));
      break;
    case 'edit': {
      const at = rng.int(0, query.length);
      const junk = rng.pick(['{', '}', '(', ')', '$', ':', '!', '...', '"', '@', '#', '\\', '=']);
      query = rng.chance(0.5)
        ? query.slice(0, at) + junk + query.slice(at)
        : query.slice(0, at) + query.slice(at + rng.int(1, 12));
      break;
    }
    case 'unknown-field': {
      const word = rng.pick(words);
      query = query.replace(new RegExp(`\\b${word}\\b`), `${word}_nope`);
      break;
    }
    case 'unknown-argument':
      // On a field that takes arguments, or on one that takes none.
      query = rng.chance(0.5)
        ? query.replace(/\n( +\w+)\(([^)]*)\)/, (_all, field: string, args: string) => {
            return `\n${field}(${args}, bogus: ${toLiteral(nastyString(rng))})`;
          })
        : query.replace(/\n( +\w+) \{\n/, `\n$1(bogus: 1) {\n`);
      break;
    case 'unknown-fragment':
      query = op.fragments ? query.replace(op.fragments, '') : `${query}`;
      if (!op.fragments) query = query.replace(/\{/, '{ ...NoSuchFragment ');
      break;
    case 'fragment-cycle': {
      const type = op.type === 'mutation' ? 'Mutation' : 'Query';
      query = query.replace(/\{/, '{ ...CycleA ');
      query += `\nfragment CycleA on ${type} { ...CycleB }\nfragment CycleB on ${type} { ...CycleA }`;
      break;
    }
    case 'fragment-unknown-type':
      query = query.replace(/fragment (\w+) on \w+/, 'fragment $1 on NoSuchType');
      if (!/NoSuchType/.test(query)) query = query.replace(/\{/, '{ ... on NoSuchType { id } ');
      break;
    case 'variables-shape':
      variables = rng.pick<unknown>([
        undefined,
        null,
        'not an object',
        JSON.stringify(variables),
        [variables],
        42,
        {},
        Object.fromEntries(Object.keys(variables as object).map((key) => [key, wrongKind(rng)])),
      ]);
      break;
    case 'operation-name': {
      const other = rng.pick(source.operations);
      query = rng.chance(0.5) ? `${query}\n\n${other.document}` : query;
      operationName = rng.pick<unknown>([
        'NoSuchOperation',
        other.name,
        '',
        null,
        42,
        ['GetMe'],
        { name: op.name },
        `${op.name}\n{ me { email } }`,
        `${op.name}\u0000`,
        `${op.name}\r\nquery X { me { email } }`,
        '\u2028',
        undefined,
      ]);
      break;
    }
    case 'variable-type':
      query = query.replace(/\$(\w+): ([\w[\]!]+)/, (_all, name: string) => {
        return `$${name}: ${rng.pick(['Int', 'String', '[String!]!', 'Boolean!', 'Nope', 'Business', 'Float!'])}`;
      });
      break;
    case 'nul-literal': {
      // Every variable becomes an inline literal, strings with NUL, lone surrogates and the like.
      query = query.replace(/^((?:query|mutation) \w+)\([^)]*\)/, '$1');
      for (const definition of op.node.variableDefinitions ?? []) {
        const name = definition.variable.name.value;
        const type = typeFromAST(source.schema, definition.type) as GraphQLInputType | undefined;
        const value =
          type && getNamedType(type).name !== 'String'
            ? inputValue(type, name, options, 0)
            : rng.pick(['a\u0000b', '\u0000', `${ctx.ownSlug}\u0000`, '\ud800', 'x\udfffy']);
        query = query.replace(new RegExp(`\\$${name}\\b`, 'g'), () => toLiteral(value));
      }
      variables = undefined;
      break;
    }
    case 'duplicate-operation':
      query = `${op.document}\n\n${print(op.node)}`;
      break;
    case 'raw-control-character': {
      const at = rng.int(0, query.length);
      query =
        query.slice(0, at) +
        rng.pick(['\u0000', '\u0007', '\ud800', '\u00a0', '\ufeff']) +
        query.slice(at);
      break;
    }
  }
  const body: GraphqlBody = { query, variables, operationName };
  return sendGraphql(
    rng,
    `graphql contract ${mutation}`,
    `contract ${op.name}`,
    whoSends(rng),
    body,
  );
}
