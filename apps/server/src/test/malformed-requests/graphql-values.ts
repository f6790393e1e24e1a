/** Schema-driven GraphQL values: arguments, variables and selection sets. */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLOutputType,
} from 'graphql';
import { EnumName } from './encoding';
import { FLOAT_EDGES, INT_EDGES, nastyString, wrongKind } from './nasty-values';
import type { Rng } from './random';
import type { FuzzContext } from './requests';

/** How wrong generated values are: 0 always of the right type, 0.4 often wrong. */
export type Chaos = number;

export interface ValueOptions {
  rng: Rng;
  ctx: FuzzContext;
  chaos: Chaos;
  /** As a GraphQL literal (enums bare) rather than JSON variables. */
  literal: boolean;
}

/** Real-looking values for arguments and fields with telling names. */
function hinted(name: string, options: ValueOptions): unknown[] | undefined {
  const { ctx } = options;
  if (/slug/i.test(name)) return [ctx.ownSlug, ctx.otherSlug, 'no-such-business'];
  if (/^businessId$/.test(name)) return [ctx.ownBusinessId, ctx.otherBusinessId];
  if (/^productIds?$/.test(name)) return ctx.productIds;
  if (/addressId/.test(name)) return ctx.addressIds;
  if (/userId/.test(name)) return ctx.userIds;
  if (/^(id|ids|lineId|orderId|categoryId)$/.test(name)) {
    return [...ctx.productIds, ...ctx.tagIds, ...ctx.userIds, 1, 2];
  }
  if (/email/i.test(name)) return ['buyer@bevy.example', 'new-person@example.com', 'x@y'];
  if (/dateOfBirth|^from$|^to$|ExpiresOn/.test(name)) {
    return ['1980-01-01', '2015-06-01', '2026-02-30', '1999-12-31'];
  }
  if (/^state$|administrative_area_level_1|ship_to_states/.test(name)) return ['OR', 'CA', 'ZZ'];
  if (/zip|postal_code/.test(name)) return ['97214', '00000', '9721', '97214-1234'];
  if (/^mode$/.test(name)) return ['pickup', 'delivery', 'ship', 'teleport'];
  if (/channel|buyerKind/.test(name)) return ['retail', 'wholesale'];
  if (/status|^to$/.test(name)) return ['published', 'draft', 'placed', 'shipped', 'bogus'];
  if (/beverageType/.test(name)) return ['Wine', 'Beer', 'Cider', 'Spirit', 'Mead'];
  if (/Url|website|url/.test(name)) {
    return ['https://example.com/a.png', '/uploads/x.png', 'ftp://x', 'http://'];
  }
  if (/^number$/.test(name)) return ['4242424242424242', '4000000000000002', '1234'];
  if (/tagCategoryName/.test(name)) return ['Business Type', 'Feature', 'Nope'];
  if (/^type$/.test(name)) return ['info', 'success', 'warning', 'error', 'purple'];
  if (/idempotencyKey/.test(name)) return ['fuzz-key-1', 'fuzz-key-2'];
  return undefined;
}

function scalarValue(typeName: string, name: string, options: ValueOptions): unknown {
  const { rng } = options;
  const hints = hinted(name, options);
  switch (typeName) {
    case 'Int':
      if (hints && rng.chance(0.5)) {
        const hint = rng.pick(hints);
        if (typeof hint === 'number') return hint;
      }
      return rng.chance(0.3) ? rng.int(-3, 3000) : rng.pick(INT_EDGES);
    case 'Float':
      return rng.chance(0.3) ? rng.int(0, 5000) / 100 : rng.pick(FLOAT_EDGES);
    case 'Boolean':
      return rng.chance(0.5);
    case 'ID':
      if (hints && rng.chance(0.5)) return String(rng.pick(hints));
      return rng.chance(0.5) ? rng.pick(INT_EDGES) : nastyString(rng);
    default:
      if (hints && rng.chance(0.45)) return String(rng.pick(hints));
      return nastyString(rng);
  }
}

export function inputValue(
  type: GraphQLInputType,
  name: string,
  options: ValueOptions,
  depth: number,
): unknown {
  const { rng, chaos } = options;
  if (rng.chance(chaos * 0.3)) return wrongKind(rng);
  if (isNonNullType(type)) {
    if (rng.chance(chaos * 0.1)) return null;
    return inputValue(type.ofType, name, options, depth);
  }
  if (rng.chance(0.04 + chaos * 0.1)) return null;
  if (isListType(type)) {
    if (rng.chance(chaos * 0.2)) return inputValue(type.ofType, name, options, depth + 1);
    const length = rng.weighted([
      [8, rng.int(0, 3)],
      [2, rng.int(4, 30)],
      [depth === 0 ? 0.4 : 0, rng.pick([500, 3000])],
    ] as const);
    return Array.from({ length }, () => inputValue(type.ofType, name, options, depth + 1));
  }
  if (isScalarType(type)) return scalarValue(type.name, name, options);
  if (isEnumType(type)) {
    const known = type.getValues().map((value) => value.name);
    const chosen = rng.chance(0.8) ? rng.pick(known) : rng.pick(['APPROVED', 'nope', 'pending_']);
    if (options.literal && rng.chance(0.9)) return new EnumName(chosen);
    return chosen;
  }
  if (isInputObjectType(type)) {
    if (depth > 4) return {};
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      const required = isNonNullType(field.type) && field.defaultValue === undefined;
      if (!rng.chance(required ? 0.95 : 0.5)) continue;
      value[field.name] = inputValue(field.type, field.name, options, depth + 1);
    }
    if (rng.chance(0.03 + chaos * 0.2)) value[rng.pick(['bogus_field', 'set', 'id'])] = 1;
    return value;
  }
  return null;
}

/** A GraphQL type's name as written in a variable definition. */
export function typeName(type: GraphQLInputType): string {
  return String(type);
}

/** A variable type that differs from the argument's: still valid syntax, wrong for validation. */
export function wrongVariableType(rng: Rng, type: GraphQLInputType): string {
  const named = getNamedType(type).name;
  return rng.pick([
    named,
    `[${typeName(type)}]`,
    named === 'Int' ? 'String!' : 'Int!',
    'Float',
    'Boolean!',
    'NoSuchType',
    'Business',
    'ID!',
  ]);
}

/** A selection set for a field's type: some scalars and a little nesting. */
export function selectionFor(
  rng: Rng,
  type: GraphQLOutputType,
  depth: number,
  wrongness: number,
): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) {
    return rng.chance(wrongness * 0.3) ? ' { id }' : '';
  }
  const fields = Object.values(named.getFields());
  const chosen = rng.shuffle(fields).slice(0, rng.int(1, depth === 0 ? 6 : 3));
  const parts: string[] = [];
  for (const field of chosen) {
    const fieldType = getNamedType(field.type);
    if (isObjectType(fieldType)) {
      if (depth >= 2) continue;
      parts.push(`${field.name}${selectionFor(rng, field.type, depth + 1, wrongness)}`);
    } else parts.push(field.name);
  }
  if (rng.chance(0.2)) parts.push('__typename');
  if (rng.chance(wrongness * 0.5)) parts.push(rng.pick(['no_such_field', 'password', 'sql']));
  if (rng.chance(wrongness * 0.2)) parts.push(`${chosen[0]!.name}(bogus: 1)`);
  if (parts.length === 0) parts.push('__typename');
  return ` { ${parts.join(' ')} }`;
}
