import { builder } from '../../graphql/builder';
import { BusinessType } from './businesses.graphql';

builder.objectFields(BusinessType, (t) => ({
  productCount: t.int({
    description: 'All products of the business, published and draft.',
    resolve: async (business, _args, ctx) =>
      (await ctx.loaders.productCountsByBusiness.load(business.id)).all,
  }),
  publishedProductCount: t.int({
    resolve: async (business, _args, ctx) =>
      (await ctx.loaders.productCountsByBusiness.load(business.id)).published,
  }),
}));
