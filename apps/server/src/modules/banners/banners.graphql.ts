import { BANNER_TYPES } from '@bevy/core';
import { builder } from '../../graphql/builder';
import { requireAdmin } from '../../platform/access';
import {
  createBanner,
  deleteBanner,
  listAllBanners,
  reorderBanners,
  updateBanner,
  type AdminBanner,
} from './banners-admin.service';

const BannerLinkType = builder.objectRef<{ url: string; title: string }>('BannerLink');
BannerLinkType.implement({
  fields: (t) => ({ url: t.exposeString('url'), title: t.exposeString('title') }),
});

const AdminBannerType = builder.objectRef<AdminBanner>('AdminBanner');
AdminBannerType.implement({
  description: 'A site-wide banner as admins edit it; GET /banners serves the active ones.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type', { description: BANNER_TYPES.join(', ') }),
    lines: t.exposeStringList('lines'),
    link: t.expose('link', { type: BannerLinkType, nullable: true }),
    dismissible: t.exposeBoolean('dismissible'),
    active: t.exposeBoolean('active'),
    position: t.exposeInt('position'),
  }),
});

const BannerLinkInput = builder.inputType('BannerLinkInput', {
  fields: (t) => ({
    url: t.string({ required: true }),
    title: t.string({ required: true }),
  }),
});

const BannerInput = builder.inputType('BannerInput', {
  fields: (t) => ({
    type: t.string({ required: true, description: BANNER_TYPES.join(', ') }),
    lines: t.stringList({ required: true }),
    link: t.field({ type: BannerLinkInput }),
    dismissible: t.boolean({ required: true }),
    active: t.boolean({ required: true }),
  }),
});

builder.queryField('adminBanners', (t) =>
  t.field({
    type: [AdminBannerType],
    description: 'Every banner, by position. Admins only.',
    resolve: (_root, _args, ctx) => {
      requireAdmin(ctx);
      return listAllBanners(ctx);
    },
  }),
);

builder.mutationFields((t) => ({
  createBanner: t.field({
    type: AdminBannerType,
    description: 'Adds a banner after the others. Admins only.',
    args: { input: t.arg({ type: BannerInput, required: true }) },
    resolve: (_root, args, ctx) => {
      requireAdmin(ctx);
      return createBanner(ctx, { ...args.input, link: args.input.link ?? null });
    },
  }),
  updateBanner: t.field({
    type: AdminBannerType,
    args: {
      id: t.arg.int({ required: true }),
      input: t.arg({ type: BannerInput, required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireAdmin(ctx);
      return updateBanner(ctx, args.id, { ...args.input, link: args.input.link ?? null });
    },
  }),
  deleteBanner: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireAdmin(ctx);
      return deleteBanner(ctx, args.id);
    },
  }),
  reorderBanners: t.field({
    type: [AdminBannerType],
    description: 'Puts the banners in this order; `ids` lists every banner once. Admins only.',
    args: { ids: t.arg.intList({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireAdmin(ctx);
      return reorderBanners(ctx, args.ids);
    },
  }),
}));
