import { productInputSchema } from '@bevy/core/schemas';
import { builder } from '../../graphql/builder';
import type { GraphqlContext } from '../../graphql/context';
import { fromZodError, notFound } from '../../platform/domain-error';
import { requireMember } from '../../platform/access';
import { findBusinessById, findBusinessBySlug, type BusinessRow } from '../businesses/index';
import { withTagSpellings } from './product-tag-values';
import {
  createProduct,
  deleteProduct,
  findProduct,
  listBusinessProducts,
  updateProduct,
  type PriceTierRow,
  type ProductRow,
} from './products.service';

export const PriceTierType = builder.objectRef<PriceTierRow>('PriceTier');
PriceTierType.implement({
  fields: (t) => ({
    price_per_unit: t.exposeInt('price_per_unit', { description: 'Integer cents.' }),
    minimum_unit_count_for_price: t.exposeInt('minimum_unit_count_for_price'),
  }),
});

/**
 * A product as its sellers manage it, drafts and wholesale tiers included: only members of the
 * business (and admins) can reach this type. Buyers see products through search.
 */
const ProductType = builder.objectRef<ProductRow>('Product');
ProductType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    businessId: t.exposeInt('business_id'),
    name: t.exposeString('name'),
    short_description: t.exposeString('short_description'),
    bottleImageUrl: t.exposeString('bottle_image_url', { nullable: true }),
    productType: t.exposeString('beverage_type'),
    producedBy: t.exposeString('produced_by'),
    abv: t.float({ nullable: true, resolve: (p) => (p.abv === null ? null : Number(p.abv)) }),
    varietal: t.exposeString('varietal', { nullable: true }),
    closureStyle: t.exposeString('closure_style', { nullable: true }),
    format: t.exposeString('format', { nullable: true }),
    vintage: t.exposeInt('vintage', { nullable: true }),
    volumeMl: t.exposeInt('volume_ml', { nullable: true }),
    status: t.exposeString('status'),
    membersOnly: t.exposeBoolean('members_only', {
      description: 'Sold only to active members of the producer’s clubs.',
    }),
    stockCount: t.exposeInt('stock_count', {
      nullable: true,
      description: 'Units on hand; null when the seller does not count stock.',
    }),
    retailPricing: t.field({
      type: [PriceTierType],
      resolve: async (product, _args, ctx) =>
        (await ctx.loaders.tiersByProduct.load(product.id)).filter((t) => t.channel === 'retail'),
    }),
    wholesalePricing: t.field({
      type: [PriceTierType],
      resolve: async (product, _args, ctx) =>
        (await ctx.loaders.tiersByProduct.load(product.id)).filter(
          (t) => t.channel === 'wholesale',
        ),
    }),
  }),
});

const PriceTierInput = builder.inputType('PriceTierInput', {
  fields: (t) => ({
    minimum_unit_count_for_price: t.int({ required: true }),
    price: t.float({ required: true, description: 'In dollars, at most two decimals.' }),
  }),
});

const ProductInput = builder.inputType('ProductInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    beverageType: t.string({ required: true }),
    shortDescription: t.string(),
    bottleImageUrl: t.string(),
    producedBy: t.string(),
    abv: t.float(),
    varietal: t.string(),
    closureStyle: t.string(),
    format: t.string(),
    vintage: t.int(),
    volumeMl: t.int(),
    stockCount: t.int(),
    membersOnly: t.boolean({ description: 'Sold only to members of the producer’s clubs.' }),
    retailTiers: t.field({ type: [PriceTierInput], required: true }),
    wholesaleTiers: t.field({ type: [PriceTierInput], required: true }),
    status: t.string({ required: true, description: '"published" or "draft"' }),
  }),
});

async function memberBusinessBySlug(ctx: GraphqlContext, slug: string): Promise<BusinessRow> {
  const business = await findBusinessBySlug(ctx, slug);
  if (!business) throw notFound('There is no business at that address.');
  await requireMember(ctx, business.id);
  return business;
}

/** The product and its business, for a member of that business. */
async function memberProduct(ctx: GraphqlContext, id: number) {
  const product = await findProduct(ctx, id);
  if (!product) throw notFound('There is no such product.');
  await requireMember(ctx, product.business_id);
  const business = await findBusinessById(ctx, product.business_id);
  return { product, business: business! };
}

/** The input checked by the shared rules, with closure style and format as their tags spell them. */
async function validProduct(ctx: GraphqlContext, input: unknown) {
  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  return withTagSpellings(ctx, parsed.data);
}

builder.queryFields((t) => ({
  businessProducts: t.field({
    type: [ProductType],
    description: 'Every product of a business, drafts included; members of the business only.',
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const business = await memberBusinessBySlug(ctx, args.slug);
      return listBusinessProducts(ctx, business.id);
    },
  }),
  product: t.field({
    type: ProductType,
    description: 'One product, for editing; members of its business only.',
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => (await memberProduct(ctx, args.id)).product,
  }),
}));

builder.mutationFields((t) => ({
  createProduct: t.field({
    type: ProductType,
    args: {
      slug: t.arg.string({ required: true }),
      input: t.arg({ type: ProductInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const business = await memberBusinessBySlug(ctx, args.slug);
      const product = await createProduct(ctx, business, await validProduct(ctx, args.input));
      return product;
    },
  }),
  updateProduct: t.field({
    type: ProductType,
    args: {
      id: t.arg.int({ required: true }),
      input: t.arg({ type: ProductInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const { product, business } = await memberProduct(ctx, args.id);
      const valid = await validProduct(ctx, args.input);
      const updated = await updateProduct(ctx, product, business.name, valid);
      return updated;
    },
  }),
  deleteProduct: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { product } = await memberProduct(ctx, args.id);
      await deleteProduct(ctx, product);
      return true;
    },
  }),
}));
