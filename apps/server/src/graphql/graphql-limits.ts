import {
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  getOperationAST,
  isInterfaceType,
  isListType,
  isObjectType,
  parse,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { getComplexity, type ComplexityEstimatorArgs } from 'graphql-query-complexity';
import { containsNul } from '../http/nul-characters';

/**
 * What one GraphQL request may ask of the server. Each bound is checked before anything runs,
 * on the operation as it would execute (fragments expanded, variables applied), except the size
 * of the answer, which is checked once it is known.
 */
export interface GraphqlLimits {
  /** Nesting of fields, fragments expanded (Mercurius' `queryDepth`). */
  maxDepth: number;
  /** Aliased fields in the executed operation: a fragment counts as often as it is spread. */
  maxAliases: number;
  /** Estimated cost of the executed operation (see `operationCost`). */
  maxCost: number;
  /** Characters of the query text. */
  maxQueryLength: number;
  /** Tokens of the query text (graphql's parser stops reading after this many). */
  maxTokens: number;
  /** Characters of `operationName`. */
  maxOperationNameLength: number;
  /** Selections of the operation, fragments expanded (a fragment bomb's are refused early). */
  maxSelections: number;
  /** Bytes of the JSON answer. */
  maxResponseBytes: number;
  /** Parsed and compiled queries Mercurius keeps, by query text (and as many refused ones). */
  cachedQueries: number;
  /** Validation errors reported (and kept with a refused text) before graphql stops validating. */
  maxValidationErrors: number;
}

/**
 * Chosen from what the web app and the contract send (graphql-limits.test.ts checks every one of
 * their operations against these): the longest document is the whole contract, 3,000 characters
 * and 318 tokens (the web app's longest operation: 1,141 characters, 131 tokens); the costliest
 * operation is the cart's catalog with a full cart of 100 products, about 11,000 (the tag-graph
 * request of issue 12 weighs 8,000,000); the largest answer of the seeded demo is far under 1 MB.
 * At most 100 texts of at most 500 tokens, each with at most 10 validation errors, keep Mercurius'
 * caches under about 70 MB however many distinct texts arrive.
 */
export const DEFAULT_GRAPHQL_LIMITS: GraphqlLimits = {
  maxDepth: 10,
  maxAliases: 30,
  maxCost: 30_000,
  maxQueryLength: 12_000,
  maxTokens: 500,
  maxOperationNameLength: 200,
  maxSelections: 2_000,
  maxResponseBytes: 4 * 1024 * 1024,
  cachedQueries: 100,
  maxValidationErrors: 10,
};

// ---------------------------------------------------------------------------------------------
// Text

export const NUL_MESSAGE = 'Text may not contain the NUL character.';

/**
 * Whether a string literal of the document (an argument, a default value) holds U+0000, written
 * as is or as an escape (`\u0000`, `\u{0}`), which the parser turns into NUL.
 */
function documentContainsNul(text: string, document: DocumentNode): boolean {
  if (!text.includes('\\u') && !text.includes('\u0000')) return false;
  let found = false;
  visit(document, {
    StringValue(node) {
      if (node.value.includes('\u0000')) found = true;
    },
  });
  return found;
}

/** GET requests carry their variables as JSON text; Mercurius reports text that is not JSON. */
function variablesOf(variables: unknown): unknown {
  if (typeof variables !== 'string') return variables;
  try {
    return JSON.parse(variables);
  } catch {
    return undefined;
  }
}

export interface GraphqlRequestFields {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
}

/** Why `operationName` picks no operation among those of a document (`names`), if it does not. */
function operationProblem(
  names: (string | undefined)[],
  operationName: unknown,
): string | undefined {
  if (typeof operationName === 'string' && operationName !== '') {
    return names.includes(operationName)
      ? undefined
      : `Unknown operation named "${operationName}".`;
  }
  if (names.length === 0) return 'Must provide an operation.';
  if (names.length > 1) return 'Must provide operation name if query contains multiple operations.';
  return undefined;
}

/**
 * The checks a request passes before Mercurius parses, validates or caches it, answering what is
 * wrong (an empty list when nothing is): the text's length and tokens, NUL in a string literal or
 * a variable (PostgreSQL refuses NUL in text, so it would only fail deep inside a resolver), the
 * operation's shape (selections, aliases, cyclic graphs; `shapeProblems`) and that
 * `operationName` picks an operation (Mercurius fails on a GET request when it does not). These
 * are cheap, so a hostile text is refused before graphql's full validation runs on it. The texts
 * that passed are remembered with their operations' names, least recently used first out, so
 * that a repeated text is not parsed again.
 */
export function requestGate(
  schema: GraphQLSchema,
  limits: GraphqlLimits,
): (request: GraphqlRequestFields) => string[] {
  const passed = new Map<string, (string | undefined)[]>();
  return ({ query, operationName, variables }) => {
    if (typeof query !== 'string' || query.trim() === '')
      return ['The request needs a GraphQL query.'];
    if (query.length > limits.maxQueryLength) {
      return [`The GraphQL query is too long: at most ${limits.maxQueryLength} characters.`];
    }
    if (typeof operationName === 'string' && operationName.length > limits.maxOperationNameLength) {
      return [
        `The operation name is too long: at most ${limits.maxOperationNameLength} characters.`,
      ];
    }
    if (containsNul(variablesOf(variables))) return [NUL_MESSAGE];
    const known = passed.get(query);
    if (known) {
      passed.delete(query);
      passed.set(query, known);
      const problem = operationProblem(known, operationName);
      return problem ? [problem] : [];
    }
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: limits.maxTokens });
    } catch (error) {
      if (!(error instanceof GraphQLError)) return ['The GraphQL query could not be read.'];
      return [
        /contains more th/.test(error.message)
          ? `The GraphQL query is too long: at most ${limits.maxTokens} tokens.`
          : error.message,
      ];
    }
    if (documentContainsNul(query, document)) return [NUL_MESSAGE];
    const problems = shapeProblems(schema, document, limits);
    if (problems.length > 0) return problems;
    const names = document.definitions.flatMap((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION ? [definition.name?.value] : [],
    );
    passed.set(query, names);
    if (passed.size > limits.cachedQueries) passed.delete(passed.keys().next().value!);
    const problem = operationProblem(names, operationName);
    return problem ? [problem] : [];
  };
}

// ---------------------------------------------------------------------------------------------
// Shape: selections, aliases and cyclic graphs

/**
 * Field extension marking an edge of a cyclic graph, such as `Tag.categorizes`; its value names
 * the graph. A request may follow the edges of one graph at most `GRAPH_EDGE_MAX_NESTING` deep
 * (so `categorizes { categorizedBy { … } }` is refused), which bounds the answer no matter how the
 * graph's rows are linked.
 */
export const GRAPH_EDGE = 'graphEdge';
export const GRAPH_EDGE_MAX_NESTING = 1;

interface Shape {
  /** Selections (fields, fragment spreads, inline fragments), fragments expanded. */
  selections: number;
  aliases: number;
  /** Deepest nesting of each graph's edges. */
  edges: Map<string, number>;
}

function fieldOf(
  type: GraphQLNamedType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  return type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields()[name] : undefined;
}

function graphOf(field: GraphQLField<unknown, unknown>): string | undefined {
  const graph = (field.extensions as Record<string, unknown> | undefined)?.[GRAPH_EDGE];
  return typeof graph === 'string' ? graph : undefined;
}

/**
 * What is wrong with the shape of the document's operations as they would execute: more
 * selections or aliases than allowed, or a cyclic graph followed too deep. Each fragment is
 * measured once and reused wherever it is spread, so the work is linear in the document's size
 * however many times fragments spread each other (a "fragment bomb"). Works on a document not yet
 * validated: unknown fields, types and fragments count as leaves, fragment cycles as empty.
 */
export function shapeProblems(
  schema: GraphQLSchema,
  document: DocumentNode,
  limits: Pick<GraphqlLimits, 'maxAliases' | 'maxSelections'>,
): string[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  const fragmentShapes = new Map<string, Shape>();
  const measuring = new Set<string>();

  const fragmentShape = (name: string): Shape => {
    const known = fragmentShapes.get(name);
    if (known) return known;
    const fragment = fragments.get(name);
    if (!fragment || measuring.has(name)) return { selections: 0, aliases: 0, edges: new Map() };
    measuring.add(name);
    const shape = selectionShape(
      fragment.selectionSet,
      schema.getType(fragment.typeCondition.name.value) ?? undefined,
    );
    measuring.delete(name);
    fragmentShapes.set(name, shape);
    return shape;
  };

  const selectionShape = (set: SelectionSetNode, type: GraphQLNamedType | undefined): Shape => {
    const shape: Shape = { selections: set.selections.length, aliases: 0, edges: new Map() };
    const add = (inner: Shape, graph?: string) => {
      shape.selections += inner.selections;
      shape.aliases += inner.aliases;
      for (const [name, depth] of inner.edges) {
        const nested = depth + (name === graph ? 1 : 0);
        shape.edges.set(name, Math.max(shape.edges.get(name) ?? 0, nested));
      }
      if (graph && !inner.edges.has(graph)) {
        shape.edges.set(graph, Math.max(shape.edges.get(graph) ?? 0, 1));
      }
    };
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.alias) shape.aliases++;
        const field = fieldOf(type, selection.name.value);
        if (selection.selectionSet) {
          add(
            selectionShape(selection.selectionSet, field && getNamedType(field.type)),
            field && graphOf(field),
          );
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition
          ? schema.getType(selection.typeCondition.name.value)
          : type;
        add(selectionShape(selection.selectionSet, condition ?? undefined));
      } else {
        add(fragmentShape(selection.name.value));
      }
    }
    return shape;
  };

  const problems: string[] = [];
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const shape = selectionShape(
      definition.selectionSet,
      schema.getRootType(definition.operation) ?? undefined,
    );
    if (shape.selections > limits.maxSelections) problems.push(tooManySelections(limits));
    if (shape.aliases > limits.maxAliases) {
      problems.push(`A request may use at most ${limits.maxAliases} aliases.`);
    }
    for (const [graph, depth] of shape.edges) {
      if (depth <= GRAPH_EDGE_MAX_NESTING) continue;
      problems.push(
        `A request may follow the ${graph} one step only: ` +
          `${graphEdges(schema, graph).join(' and ')} cannot be selected inside each other.`,
      );
    }
  }
  return [...new Set(problems)];
}

const edgesOfSchema = new WeakMap<GraphQLSchema, Map<string, string[]>>();

/** "Tag.categorizedBy", ...: the fields marked as edges of `graph`. */
function graphEdges(schema: GraphQLSchema, graph: string): string[] {
  let edges = edgesOfSchema.get(schema);
  if (!edges) {
    edges = new Map();
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) && !isInterfaceType(type)) continue;
      for (const field of Object.values(type.getFields())) {
        const name = graphOf(field);
        if (name) edges.set(name, [...(edges.get(name) ?? []), `${type.name}.${field.name}`]);
      }
    }
    edgesOfSchema.set(schema, edges);
  }
  return edges.get(graph) ?? [];
}

// ---------------------------------------------------------------------------------------------
// Cost

/** How many items a list is assumed to hold when nothing in the request says. */
export const DEFAULT_LIST_SIZE = 10;
const SIZE_ARGUMENTS = ['first', 'last', 'limit', 'take'];

function sizeArgument(args: Record<string, unknown>): number | undefined {
  for (const name of SIZE_ARGUMENTS) {
    const value = args[name];
    if (typeof value === 'number' && Number.isFinite(value)) return Math.max(0, value);
  }
  return undefined;
}

/** The length of the longest list argument (`productIds: [1, 2, 3]`), if any. */
function listArgumentLength(args: Record<string, unknown>): number | undefined {
  const lengths = Object.values(args)
    .filter(Array.isArray)
    .map((list) => list.length);
  return lengths.length > 0 ? Math.max(...lengths) : undefined;
}

/**
 * One per field, so a cost is roughly the number of values in the answer. A list field multiplies
 * the cost of what it selects by its size: its `limit`-like argument, else the length of a list
 * argument (`ids: [1, 2, 3]`), else DEFAULT_LIST_SIZE, and at most the field's `maxItems`. A field returning one object (such as a
 * page `{ total orders { … } }` or `cartCatalog(productIds) { products { … } }`) sizes the list
 * inside it the same way, in place of the default.
 */
function estimateFieldCost({ field, args, childComplexity }: ComplexityEstimatorArgs): number {
  const limit = sizeArgument(args);
  const listLength = listArgumentLength(args);
  if (isListType(getNullableType(field.type))) {
    const size = limit ?? listLength ?? DEFAULT_LIST_SIZE;
    // A list the schema bounds (extensions.maxItems, e.g. a producer's three fee bands) is
    // never longer than that, whatever the request says.
    const bound = field.extensions?.maxItems;
    return 1 + (typeof bound === 'number' ? Math.min(size, bound) : size) * childComplexity;
  }
  if (limit !== undefined) return 1 + (childComplexity * limit) / DEFAULT_LIST_SIZE;
  if (listLength !== undefined && listLength > DEFAULT_LIST_SIZE) {
    return 1 + (childComplexity * listLength) / DEFAULT_LIST_SIZE;
  }
  return 1 + childComplexity;
}

function tooManySelections(limits: Pick<GraphqlLimits, 'maxSelections'>): string {
  return `The request is too large: it expands to more than ${limits.maxSelections} selections.`;
}

/** Thrown when a request is refused before it runs; the error formatter answers 400. */
function refusal(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

/**
 * The estimated cost of the operation of `document` that would run with these variables
 * (fragments expanded each time they are spread, @skip/@include applied). Stops early, with a
 * refusal, once `maxSelections` selections were visited. Undefined when no operation would run
 * (execution reports that).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  request: { operationName?: string | null; variables?: Record<string, unknown> | null },
  limits: Pick<GraphqlLimits, 'maxSelections'>,
): number | undefined {
  const operation = getOperationAST(document, request.operationName);
  if (!operation) return undefined;
  try {
    return getComplexity({
      schema,
      query: document,
      operationName: operation.name?.value,
      variables: request.variables ?? {},
      estimators: [estimateFieldCost],
      maxQueryNodes: limits.maxSelections,
    });
  } catch (error) {
    if (error instanceof GraphQLError && /maximum allowed number of nodes/.test(error.message)) {
      throw refusal(tooManySelections(limits), 'QUERY_TOO_COMPLEX');
    }
    throw error;
  }
}

/** Refuses an operation whose cost is over the limit, with the cost in the message. */
export function checkOperationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  request: { operationName?: string | null; variables?: Record<string, unknown> | null },
  limits: Pick<GraphqlLimits, 'maxCost' | 'maxSelections'>,
): void {
  const cost = operationCost(schema, document, request, limits);
  if (cost !== undefined && cost > limits.maxCost) {
    throw refusal(
      `The request is too costly (estimated cost ${Math.round(cost)}, at most ${limits.maxCost}): ` +
        'ask for fewer fields, fewer aliases or smaller lists.',
      'QUERY_TOO_COMPLEX',
    );
  }
}
