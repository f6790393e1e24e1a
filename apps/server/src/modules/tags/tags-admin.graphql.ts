import { builder } from '../../graphql/builder';
import { requireAdmin } from '../../platform/access';
import { createTag, deleteTag, listCategories, renameTag } from './tags-admin.service';
import { TagType } from './tags.graphql';

builder.queryField('tagCategories', (t) =>
  t.field({
    type: [TagType],
    description: 'The categories (top-level tags), by name, each with its tags. Admins only.',
    resolve: (_root, _args, ctx) => {
      requireAdmin(ctx);
      return listCategories(ctx);
    },
  }),
);

builder.mutationFields((t) => ({
  createTag: t.field({
    type: TagType,
    description: 'A tag in a category; without categoryId, a new category. Admins only.',
    args: {
      name: t.arg.string({ required: true }),
      categoryId: t.arg.int(),
    },
    resolve: (_root, args, ctx) => {
      requireAdmin(ctx);
      return createTag(ctx, args);
    },
  }),
  renameTag: t.field({
    type: TagType,
    args: {
      id: t.arg.int({ required: true }),
      name: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      requireAdmin(ctx);
      return renameTag(ctx, args);
    },
  }),
  deleteTag: t.boolean({
    description: 'Deletes a tag; deleting a category deletes its tags. Admins only.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireAdmin(ctx);
      return deleteTag(ctx, args.id);
    },
  }),
}));
