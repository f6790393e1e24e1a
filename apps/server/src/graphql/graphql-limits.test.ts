import { parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { readContractOperations } from '../test/contract';
import {
  DEFAULT_GRAPHQL_LIMITS as LIMITS,
  NUL_MESSAGE,
  checkOperationCost,
  operationCost,
  requestGate,
  shapeProblems,
} from './graphql-limits';
import {
  aliasBomb,
  fragmentBomb,
  sampleVariables,
  spreadAliases,
  tagGraphQuery,
} from './graphql-limits.fixtures';
import { containsNul } from '../http/nul-characters';
import { schema } from './schema';
import { webOperations } from './web-documents';

const requestProblem = (request: Parameters<ReturnType<typeof requestGate>>[0]) =>
  requestGate(schema, LIMITS)(request)[0];
/** graphql's own validation errors, then those of our shape limits. */
const problems = (source: string) => {
  const document = parse(source);
  return [
    ...validate(schema, document, specifiedRules).map((error) => error.message),
    ...shapeProblems(schema, document, LIMITS),
  ];
};
const cost = (source: string, variables: Record<string, unknown> = {}, operationName?: string) =>
  operationCost(schema, parse(source), { operationName, variables }, LIMITS)!;

/** Every operation the web app sends and every operation of the contract. */
const legitimate = [
  ...webOperations().map((op) => ({ label: `web ${op.file} ${op.name}`, ...op })),
  ...parse(readContractOperations())
    .definitions.filter((d) => d.kind === 'OperationDefinition')
    .map((d) => ({
      label: `contract ${d.name!.value}`,
      name: d.name!.value,
      source: readContractOperations(),
    })),
];

describe('legitimate operations', () => {
  it('are found in the web app and the contract', () => {
    expect(legitimate.length).toBeGreaterThan(50);
  });

  it.each(legitimate.map((op) => [op.label, op] as const))(
    '%s passes every limit, with the largest pages and lists',
    (_label, op) => {
      expect(op.source.length).toBeLessThanOrEqual(LIMITS.maxQueryLength / 4);
      expect(requestProblem({ query: op.source, operationName: op.name })).toBeUndefined();
      expect(problems(op.source)).toEqual([]);
      const variables = sampleVariables(schema, op.source, op.name);
      expect(cost(op.source, variables, op.name)).toBeLessThanOrEqual(LIMITS.maxCost / 2);
    },
  );
});

describe('the cost of an operation', () => {
  it('weighs the tag-graph request of issue 12 far over the limit', () => {
    expect(cost(tagGraphQuery())).toBeGreaterThan(100 * LIMITS.maxCost);
  });

  it('counts a fragment as often as it is spread', () => {
    const once = cost('{ me { ...U } } fragment U on User { id name email }');
    const twice = cost('{ a: me { ...U } b: me { ...U } } fragment U on User { id name email }');
    expect(twice).toBe(2 * once);
  });

  it('multiplies a list by its limit, or by the length of its list argument', () => {
    const orders = (limit: number) =>
      cost(`{ myOrders(limit: ${limit}) { total orders { id number lines { id } } } }`);
    expect(orders(100)).toBeGreaterThan(9 * orders(10));
    const catalog = (ids: number) =>
      cost('query C($ids: [ID!]!) { cartCatalog(productIds: $ids) { products { id name } } }', {
        ids: Array.from({ length: ids }, (_, i) => String(i + 1)),
      });
    expect(catalog(100)).toBeGreaterThan(9 * catalog(10));
  });

  it('applies variables and @skip', () => {
    const source =
      'query Q($n: Int, $skip: Boolean!) { myOrders(limit: $n) { orders { id @skip(if: $skip) number } } }';
    expect(cost(source, { n: 100, skip: false })).toBeGreaterThan(
      cost(source, { n: 100, skip: true }),
    );
    expect(cost(source, { n: 100, skip: false })).toBeGreaterThan(
      cost(source, { n: 5, skip: false }),
    );
  });

  it('refuses an operation over the limit with its cost in the message', () => {
    expect(() => checkOperationCost(schema, parse(tagGraphQuery()), {}, LIMITS)).toThrow(
      /too costly \(estimated cost \d+, at most 30000\)/,
    );
  });

  it('stops early, and quickly, on a fragment bomb', () => {
    const started = performance.now();
    expect(() => cost(fragmentBomb(60))).toThrow(/expands to more than 2000 selections/);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('the shape of an operation', () => {
  it('refuses following the tag graph more than one step, through fragments too', () => {
    expect(problems(tagGraphQuery())).toEqual([
      'A request may follow the tag graph one step only: Tag.categorizedBy and Tag.categorizes cannot be selected inside each other.',
    ]);
    expect(
      problems(
        '{ tagsForCategory(tagCategoryName: "x") { categorizes { ...C } } } fragment C on Tag { categorizedBy { id } }',
      ),
    ).toHaveLength(1);
    expect(
      problems(
        '{ tagsForCategory(tagCategoryName: "x") { categorizedBy { id } categorizes { id } } }',
      ),
    ).toEqual([]);
  });

  it('refuses a fragment bomb by its expanded size, in linear time', () => {
    const started = performance.now();
    expect(problems(fragmentBomb(60))).toEqual([
      'The request is too large: it expands to more than 2000 selections.',
    ]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(problems(fragmentBomb(8))).toEqual([]);
  });

  it('counts aliases as executed, fragments expanded, in linear time', () => {
    expect(problems(spreadAliases(10))).toEqual([]);
    expect(problems(spreadAliases(11))).toEqual(['A request may use at most 30 aliases.']);
    expect(problems(aliasBomb(4))).toEqual([]);
    expect(problems(aliasBomb(5))).toEqual(['A request may use at most 30 aliases.']);
    const started = performance.now();
    expect(problems(aliasBomb(60))).toContain('A request may use at most 30 aliases.');
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('the text of a request', () => {
  it('is refused when too long, in characters or tokens', () => {
    const long = `{ me { id } }${' '.repeat(LIMITS.maxQueryLength)}`;
    expect(requestProblem({ query: long })).toMatch(/too long: at most 12000 characters/);
    const tokens = `{ me { ${'id '.repeat(LIMITS.maxTokens)} } }`;
    expect(requestProblem({ query: tokens })).toMatch(/too long: at most 500 tokens/);
    expect(requestProblem({ query: '{ me { id } }', operationName: 'x'.repeat(1000) })).toMatch(
      /operation name is too long/,
    );
  });

  it('must name an operation of the document', () => {
    const two = 'query A { me { id } } query B { me { name } }';
    expect(requestProblem({ query: two, operationName: 'B' })).toBeUndefined();
    expect(requestProblem({ query: two, operationName: 'C' })).toBe('Unknown operation named "C".');
    expect(requestProblem({ query: two })).toMatch(/Must provide operation name/);
    // Once the text is known, without parsing it again.
    const gate = requestGate(schema, LIMITS);
    expect(gate({ query: two, operationName: 'A' })).toEqual([]);
    expect(gate({ query: two, operationName: 'C' })).toEqual(['Unknown operation named "C".']);
  });

  it('is refused with NUL in a string literal or anywhere in the variables', () => {
    expect(requestProblem({ query: '{ business(slug: "a\\u0000b") { id } }' })).toBe(NUL_MESSAGE);
    expect(
      requestProblem({ query: 'query($s: String = "\\u0000") { business(slug: $s) { id } }' }),
    ).toBe(NUL_MESSAGE);
    expect(
      requestProblem({
        query: '{ me { id } }',
        variables: { a: [{ b: { c: ['ok', 'x\u0000'] } }] },
      }),
    ).toBe(NUL_MESSAGE);
    expect(requestProblem({ query: '{ me { id } }', variables: '{"a":"\\u0000"}' })).toBe(
      NUL_MESSAGE,
    );
    expect(requestProblem({ query: '{ business(slug: "a\\\\u0000") { id } }' })).toBe(undefined);
    expect(requestProblem({ query: '{ business(slug: "raw \u0000") { id } }' })).toBe(NUL_MESSAGE);
    expect(containsNul({ ok: ['fine', 1, null, true] })).toBe(false);
  });

  it('walks lists of any length (spreading 300,000 items overflowed the call stack)', () => {
    const long = Array.from({ length: 300_000 }, () => 0);
    expect(containsNul({ ids: long })).toBe(false);
    expect(containsNul({ ids: [...long, 'x\u0000'] })).toBe(true);
  });
});
