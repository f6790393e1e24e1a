import {
  getOperationAST,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  parse,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

/** For tests: the requests that the limits of graphql-limits.ts are there to refuse. */

/**
 * The request of issue 12: `aliases` aliases of the business types, each spreading one fragment
 * that follows `categorizedBy { categorizes { … } }` four times (2 KB of text; without limits it
 * answered 36 MB after 4–15 s). `variant` changes the aliases, so each variant is a new text.
 */
export function tagGraphQuery(variant = '', aliases = 30): string {
  let inner = 'id name';
  for (let level = 0; level < 4; level++) {
    inner = `id name categorizedBy { id name categorizes { ${inner} } }`;
  }
  const fields = Array.from(
    { length: aliases },
    (_, i) => `t${variant}${i}: tagsForCategory(tagCategoryName: "Business Type") { ...Deep }`,
  );
  return `query TagGraph {\n  ${fields.join('\n  ')}\n}\nfragment Deep on Tag { ${inner} }`;
}

/**
 * Fragments spreading the next one `fan` times, `levels` deep: small text whose expansion doubles
 * (fan 2) with each level, without adding depth.
 */
export function fragmentBomb(levels: number, fan = 2): string {
  const fragments = Array.from({ length: levels }, (_, i) => {
    const next = i + 1 < levels ? Array.from({ length: fan }, () => `...F${i + 1}`).join(' ') : '';
    return `fragment F${i} on Tag { id name ${next} }`;
  });
  return `query Bomb { tagsForCategory(tagCategoryName: "Business Type") { ...F0 } }\n${fragments.join('\n')}`;
}

/**
 * `count` aliases of `me`, each spreading a fragment with two aliases of its own: 3 × count
 * aliases at run time, count + 2 in the text (which is all the former rule counted).
 */
export function spreadAliases(count: number): string {
  const fields = Array.from({ length: count }, (_, i) => `m${i}: me { ...W }`).join(' ');
  return `query Aliases { ${fields} }\nfragment W on User { a: works_at { id } b: works_at { name } }`;
}

/** Fragments spreading the next one twice, ending in two aliases: 2^levels aliases to count. */
export function aliasBomb(levels: number): string {
  const fragments = Array.from({ length: levels }, (_, i) =>
    i + 1 < levels
      ? `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`
      : `fragment F${i} on Query { a: me { id } b: me { id } }`,
  );
  return `query Aliases { ...F0 }\n${fragments.join('\n')}`;
}

/**
 * Variables for an operation of `source`, as large as a legitimate client sends: every page at
 * its largest (`limit` 100) and every list with 100 items (a full cart); `overrides` give scalars
 * by name.
 */
export function sampleVariables(
  schema: GraphQLSchema,
  source: string,
  operationName?: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const operation = getOperationAST(parse(source), operationName);
  if (!operation) throw new Error(`no operation ${operationName ?? ''}`);
  const sample = (type: GraphQLInputType, name: string): unknown => {
    if (isNonNullType(type)) return sample(type.ofType, name);
    if (isListType(type)) {
      return Array.from({ length: 100 }, (_, i) => {
        const item = sample(type.ofType, name);
        return item === 'x' ? String(i + 1) : item;
      });
    }
    if (isInputObjectType(type)) {
      return Object.fromEntries(
        Object.values(type.getFields())
          .filter((field) => isNonNullType(field.type))
          .map((field) => [field.name, sample(field.type, field.name)]),
      );
    }
    if (isEnumType(type)) return type.getValues()[0]!.value;
    if (name in overrides) return overrides[name];
    if (/limit|first/i.test(name)) return 100;
    if (type.name === 'Int') return 1;
    if (type.name === 'Float') return 1.5;
    if (type.name === 'Boolean') return true;
    return 'x';
  };
  return Object.fromEntries(
    (operation.variableDefinitions ?? []).map((definition) => {
      const name = definition.variable.name.value;
      return [name, sample(typeFromAST(schema, definition.type) as GraphQLInputType, name)];
    }),
  );
}
