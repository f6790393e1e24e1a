/** GraphQL requests with deep, wide and tangled documents. */
import { RawNumber } from './encoding';
import { sendGraphql, whoSends, type GraphqlBody } from './graphql-shared';
import { longString } from './nasty-values';
import type { Rng } from './random';
import type { FuzzRequest } from './requests';

/** Deep, wide and tangled documents. */
export function structuralRequest(rng: Rng): FuzzRequest {
  const who = whoSends(rng, 0.3);
  const kind = rng.weighted([
    [8, 'deep-valid'],
    [6, 'deep-braces'],
    [4, 'wide'],
    [4, 'aliases'],
    [6, 'costly'],
    [8, 'fragments'],
    [8, 'directives'],
    [8, 'variables'],
    [7, 'introspection'],
    [7, 'operations'],
    [6, 'garbage'],
    [2, 'huge-document'],
    [6, 'literals'],
  ] as const);
  let query: string;
  let variables: unknown;
  let operationName: unknown;
  switch (kind) {
    case 'deep-valid': {
      const depth = rng.pick([5, 9, 10, 11, 20, 60, 300]);
      const open = 'categorizes { id '.repeat(depth);
      query = `{ tagsForCategory(tagCategoryName: "Business Type") { ${open}${'}'.repeat(depth)} } }`;
      break;
    }
    case 'deep-braces': {
      const depth = rng.pick([50, 500, 3000, 10_000]);
      query = `{ ${'a { '.repeat(depth)}b${' }'.repeat(rng.chance(0.8) ? depth : depth - 1)} }`;
      break;
    }
    case 'wide': {
      const count = rng.pick([100, 499, 501, 2000, 20_000]);
      const field = rng.pick(['name', '__typename', 'email']);
      query =
        field === '__typename'
          ? `{ ${'__typename '.repeat(count)}}`
          : `{ me { ${`${field} `.repeat(count)}} }`;
      break;
    }
    case 'aliases': {
      const count = rng.pick([29, 30, 31, 100, 1000]);
      const inner = rng.pick([
        'me { name }',
        'business(slug: "x") { id }',
        'banners: __typename',
        'tagsForCategory(tagCategoryName: "Feature") { id name }',
      ]);
      query = `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${inner}`).join(' ')} }`;
      break;
    }
    case 'costly': {
      const count = rng.pick([5, 20, 30]);
      const heavy = rng.pick([
        'businesses(where: {}) { id name addresses { id formatted_address } tags { id name categorizedBy { id name } } productCount publishedProductCount }',
        'tagsForCategory(tagCategoryName: "Business Type") { id categorizes { id categorizes { id categorizes { id name } } } }',
        `cartCatalog(productIds: [${Array.from({ length: rng.pick([100, 1000, 10_000]) }, (_, i) => i + 1).join(',')}]) { buyerKind products { id name pricing { price_per_unit } business { id name } } }`,
        'myOrders(limit: 100000, offset: 0) { total orders { id lines { id } events { note } } }',
        'businessOrders(limit: 2147483647) { total orders { id lines { id } } }',
        'adminUsers(limit: 2147483647, offset: 2147483647) { total }',
        'mailOutbox(limit: -1, offset: -5) { total }',
      ]);
      query = `{ ${Array.from({ length: count }, (_, i) => `c${i}: ${heavy}`).join(' ')} }`;
      break;
    }
    case 'fragments':
      query = rng.pick([
        'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }',
        'query { ...Self } fragment Self on Query { me { name } ...Self }',
        'query { ...Missing }',
        'query { me { ...UserBits } } fragment UserBits on Business { id }',
        'query { me { ...on Business { id } } }',
        'query { me { name } } fragment Unused on User { id }',
        'query { ...F } fragment F on Query { me { name } } fragment F on Query { me { email } }',
        'query { ...F } fragment F on String { length }',
        'query { me { ... on NoSuchType { id } } }',
        `query { ...F0 } ${Array.from({ length: 200 }, (_, i) => `fragment F${i} on Query { me { name } ...F${i + 1} }`).join(' ')} fragment F200 on Query { __typename }`,
        `query { ${Array.from({ length: 50 }, () => '...Wide').join(' ')} } fragment Wide on Query { me { name email works_at { id name tags { id name } } } }`,
      ]);
      break;
    case 'directives':
      query = rng.pick([
        '{ me @skip(if: true) { name } }',
        '{ me @skip(if: "yes") { name } }',
        '{ me @include { name } }',
        '{ me @foo { name } }',
        '{ me @skip(if: false) @skip(if: true) { name } }',
        '{ me @deprecated { name } }',
        'query Q($x: Boolean) { me @skip(if: $x) { name } }',
        'query @skip(if: true) { me { name } }',
        '{ me @include(if: $undeclared) { name } }',
        '{ me @skip(if: null) { name } }',
      ]);
      variables = rng.pick([undefined, { x: 'not a boolean' }, { x: null }]);
      break;
    case 'variables':
      query = rng.pick([
        'query Q($slug: String!) { business(slug: $slug) { id } }',
        'query Q($slug: String!, $slug: String!) { business(slug: $slug) { id } }',
        'query Q($slug: Nope) { business(slug: $slug) { id } }',
        'query Q($slug: Business) { business(slug: $slug) { id } }',
        'query Q { business(slug: $slug) { id } }',
        'query Q($slug: String! = "x") { business(slug: $slug) { id } }',
        'query Q($id: Int! = 2147483648) { order(id: $id) { id } }',
        'query Q($id: Int) { order(id: $id) { id } }',
        'query Q($ids: [ID!]!) { cartCatalog(productIds: $ids) { buyerKind } }',
        'query Q($where: BusinessWhereInput!) { businesses(where: $where) { id } }',
        'query Q($status: WholesaleStatus) { wholesaleApplications(status: $status) { id } }',
        'mutation M($input: SignUpInput!) { signUp(input: $input) { id } }',
        'mutation M($input: PlaceOrderInput!) { placeOrder(input: $input) { id } }',
      ]);
      variables = rng.pick<unknown>([
        {},
        { slug: null },
        { slug: 1 },
        { slug: ['a'] },
        { slug: { equals: 'x' } },
        { slug: 'a\u0000b' },
        { slug: '\ud800' },
        { slug: longString(rng) },
        { id: new RawNumber('2147483648') },
        { id: new RawNumber('9007199254740993') },
        { id: '12' },
        { id: 1.5 },
        { id: new RawNumber('1e400') },
        { ids: Array.from({ length: 5000 }, (_, i) => String(i)) },
        { ids: ['\u0000', '-1', '1.5', '99999999999999999999'] },
        { where: { slug: { equals: 'a\u0000b' } } },
        { where: { slug: { equals: null } } },
        { where: { slug: { contains: 'x' } } },
        { where: null },
        { status: 'APPROVED' },
        { status: 'approved' },
        {
          input: {
            name: 'a\u0000',
            email: 'a\u0000@b.c',
            password: 'x',
            dateOfBirth: '1980-01-01',
          },
        },
        { input: { ageConfirmed: 'yes', lines: 'all of them' } },
        { input: null },
        'not an object',
      ]);
      break;
    case 'introspection':
      query = rng.pick([
        '{ __schema { types { name fields { name type { name ofType { name ofType { name ofType { name } } } } } } } }',
        '{ __type(name: "Business") { fields { name } } }',
        '{ __type(name: "\\u0000") { name } }',
        '{ __type(name: 123) { name } }',
        '{ __type { name } }',
        '{ __schema { queryType { fields { args { defaultValue } } } } }',
        `{ __schema { types { ${'fields { type { '.repeat(8)}name${' } }'.repeat(8)} } } }`,
        '{ __typename __schema { directives { name args { name } } } }',
      ]);
      break;
    case 'operations':
      query = rng.pick([
        'subscription { me { name } }',
        'query A { me { name } } query A { me { email } }',
        '{ me { name } } { me { email } }',
        'query A { me { name } } { me { email } }',
        'query A { me { name } } mutation B { logIn(email: "x", password: "y") { id } }',
        'mutation { me { name } }',
        'query { logIn(email: "x", password: "y") { id } }',
        'query Q { me { name } }',
        'schema { query: Query }',
        'type Hack { x: Int }',
        'extend type Query { hacked: Int }',
        'directive @x on FIELD',
      ]);
      operationName = rng.pick<unknown>([undefined, 'A', 'B', 'C', '', null, 7]);
      break;
    case 'garbage':
      query = rng.pick([
        '{',
        '}',
        '{ me { name }',
        '{ me { name } } }',
        'query',
        'query (',
        'query Q($) { me { name } }',
        '{ me(name: ) { name } }',
        '{ me { name, , , } }',
        '{ "me" }',
        '{ 1me }',
        '{ me { name } } garbage',
        '{ business(slug: "unterminated) { id } }',
        '{ business(slug: """block\u0000""") { id } }',
        '{ business(slug: "bad \\x escape") { id } }',
        '{ business(slug: "short \\u12") { id } }',
        '{ business(slug: "\\uD800") { id } }',
        '{ business(slug: "\\uDC00\\uD800") { id } }',
        '{ business(slug: "\\u{110000}") { id } }',
        '{ business(slug: "raw \u0000 nul") { id } }',
        '{ me\u0000 { name } }',
        '\u0000',
        '{ me { name } }\ud800',
        '{ business(slug: "x") { id } } \u00a0',
        rng.string(rng.int(1, 200), '{}()[]$!:@.=|&"\\ \nqueryme#0'),
      ]);
      break;
    case 'huge-document': {
      const size = rng.pick([100_000, 900_000]);
      query = rng.pick([
        () => `# ${'x'.repeat(size)}\n{ me { name } }`,
        () => `{ me { name } }${' '.repeat(size)}`,
        () => `{ business(slug: "${'a'.repeat(size)}") { id } }`,
        () => `{ ${'me { name } '.repeat(size / 12)} }`,
      ])();
      break;
    }
    case 'literals': {
      const intLiteral = rng.pick([
        '2147483648',
        '-2147483649',
        '9007199254740993',
        '1e400',
        '1.5',
        '-0',
        '0x10',
        '00',
        '1_000',
        '"1"',
        'true',
        'null',
        '[1]',
        '{id: 1}',
        'NaN',
        'Infinity',
      ]);
      query = rng.pick([
        `{ order(id: ${intLiteral}) { id } }`,
        `{ product(id: ${intLiteral}) { id } }`,
        `{ myOrders(limit: ${intLiteral}, offset: ${intLiteral}) { total } }`,
        `{ businessOrders(businessId: ${intLiteral}) { total } }`,
        `mutation { deleteProduct(id: ${intLiteral}) }`,
        `mutation { refundOrderLine(orderId: ${intLiteral}, lineId: ${intLiteral}, quantity: ${intLiteral}) { id } }`,
        `mutation { tagBusinessWithTags(businessId: ${intLiteral}, tags: [{id: ${intLiteral}}]) { id } }`,
        `{ cartCatalog(productIds: [${intLiteral}]) { buyerKind } }`,
      ]);
      break;
    }
  }
  const body: GraphqlBody = { query, variables, operationName };
  const target = `structural ${kind}`;
  return sendGraphql(rng, `graphql structural ${kind}`, target, who, body);
}
