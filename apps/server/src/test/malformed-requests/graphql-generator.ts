/** The GraphQL generator: malformed requests for every root field and contract operation. */
import {
  buildSchema,
  isNonNullType,
  Kind,
  parse,
  print,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { toLiteral } from './encoding';
import { contractRequest } from './graphql-contract';
import {
  sendGraphql,
  usedFragments,
  whoSends,
  type ContractOperation,
  type GraphqlBody,
  type GraphqlSource,
} from './graphql-shared';
import { structuralRequest } from './graphql-structural';
import { transportRequest } from './graphql-transport';
import {
  inputValue,
  selectionFor,
  typeName,
  wrongVariableType,
  type Chaos,
  type ValueOptions,
} from './graphql-values';
import { nastyString } from './nasty-values';
import type { Rng } from './random';
import type { FuzzContext, FuzzRequest } from './requests';

const SLOW_FIELDS = new Set(['logIn', 'signUp', 'requestPasswordReset', 'resetPassword']);

export class GraphqlGenerator implements GraphqlSource {
  readonly schema: GraphQLSchema;
  readonly operations: ContractOperation[];
  private readonly roots: { type: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }[];

  constructor(schemaSdl: string, operationsSource: string) {
    this.schema = buildSchema(schemaSdl);
    const document: DocumentNode = parse(operationsSource);
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        fragments.set(definition.name.value, definition);
      }
    }
    this.operations = document.definitions
      .filter((definition) => definition.kind === Kind.OPERATION_DEFINITION)
      .map((node) => {
        const used = [...usedFragments(node, fragments)].map((name) => print(fragments.get(name)!));
        return {
          name: node.name?.value ?? 'Anonymous',
          type: node.operation,
          node,
          document: [print(node), ...used].join('\n\n'),
          fragments: used.join('\n\n'),
        };
      });
    const rootFields = (type: GraphQLObjectType | null | undefined) =>
      Object.values(type?.getFields() ?? {});
    this.roots = [
      ...rootFields(this.schema.getQueryType()).map((field) => ({
        type: 'query' as const,
        field,
      })),
      ...rootFields(this.schema.getMutationType()).map((field) => ({
        type: 'mutation' as const,
        field,
      })),
    ];
  }

  /** The targets that a run should have covered: every root field and contract operation. */
  targets(): string[] {
    return [
      ...this.roots.map(
        ({ type, field }) => `${type === 'query' ? 'Query' : 'Mutation'}.${field.name}`,
      ),
      ...this.operations.map((op) => `contract ${op.name}`),
    ];
  }

  /** One malformed GraphQL request. */
  request(rng: Rng, ctx: FuzzContext): FuzzRequest {
    return rng.weighted<() => FuzzRequest>([
      [12, () => transportRequest(rng, ctx, this)],
      [30, () => contractRequest(rng, ctx, this)],
      [43, () => this.rootField(rng, ctx)],
      [15, () => structuralRequest(rng)],
    ])();
  }

  /** Every query and mutation field with random arguments, inline or as variables. */
  private rootField(rng: Rng, ctx: FuzzContext): FuzzRequest {
    // Password hashing makes these slow; they still come up, less often.
    const root = rng.weighted(
      this.roots.map((entry) => [SLOW_FIELDS.has(entry.field.name) ? 0.35 : 1, entry] as const),
    );
    const { field } = root;
    const chaos: Chaos = rng.pick([0, 0, 0.03, 0.15, 0.4]);
    const literal = rng.chance(0.4);
    const options: ValueOptions = { rng, ctx, chaos, literal };
    const variables: Record<string, unknown> = {};
    const definitions: string[] = [];
    const args: string[] = [];
    for (const arg of field.args as readonly GraphQLArgument[]) {
      const required = isNonNullType(arg.type) && arg.defaultValue === undefined;
      if (!rng.chance(required ? 0.95 : 0.5)) continue;
      const value = inputValue(arg.type, arg.name, options, 0);
      if (literal) {
        args.push(`${arg.name}: ${toLiteral(value)}`);
        continue;
      }
      const declared = rng.chance(chaos * 0.3)
        ? wrongVariableType(rng, arg.type)
        : typeName(arg.type);
      if (!rng.chance(chaos * 0.1)) definitions.push(`$${arg.name}: ${declared}`);
      args.push(`${arg.name}: $${arg.name}`);
      if (!rng.chance(chaos * 0.2)) variables[arg.name] = value;
    }
    if (rng.chance(chaos * 0.3)) args.push(`${rng.pick(['bogus', 'where', 'limit'])}: 1`);
    if (!literal && rng.chance(chaos * 0.2)) variables.unused = nastyString(rng);
    const name = `Fuzz${field.name[0]!.toUpperCase()}${field.name.slice(1)}`;
    const header = `${root.type} ${name}${definitions.length ? `(${definitions.join(', ')})` : ''}`;
    const selection = selectionFor(rng, field.type, 0, chaos);
    const call = `${field.name}${args.length ? `(${args.join(', ')})` : ''}${selection}`;
    const query = `${header} { ${call} }`;
    const body: GraphqlBody = { query };
    if (!literal) body.variables = variables;
    if (rng.chance(0.3)) body.operationName = rng.chance(0.9) ? name : 'SomethingElse';
    // Signing up or in replaces the caller's session; the run's sessions must last.
    const who = ['signUp', 'logIn'].includes(field.name) ? 'anonymous' : whoSends(rng);
    const family = `graphql ${root.type} field`;
    return sendGraphql(
      rng,
      family,
      `${root.type === 'query' ? 'Query' : 'Mutation'}.${field.name}`,
      who,
      body,
    );
  }
}
