import { builder } from '../../graphql/builder';
import { GRAPH_EDGE } from '../../graphql/graphql-limits';
import { listTagsForCategory, type TagRow } from './tags.service';

export const TagType = builder.objectRef<TagRow>('Tag');

/**
 * Tags link to tags both ways, so a request could follow `categorizedBy` / `categorizes` back and
 * forth and multiply its answer with each step; marked as one graph, they may be followed one step
 * (graphql-limits.ts), which is all the clients need: a tag's category, a category's tags.
 */
const tagGraph = { [GRAPH_EDGE]: 'tag graph' };

TagType.implement({
  description: 'A tag; a category such as "Business Type" is itself a tag that categorizes others.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    categorizedBy: t.field({
      type: TagType,
      nullable: true,
      extensions: tagGraph,
      resolve: (tag, _args, ctx) =>
        tag.categorized_by_id === null ? null : ctx.loaders.tagById.load(tag.categorized_by_id),
    }),
    categorizes: t.field({
      type: [TagType],
      extensions: tagGraph,
      resolve: (tag, _args, ctx) => ctx.loaders.tagsByCategory.load(tag.id),
    }),
  }),
});

builder.queryField('tagsForCategory', (t) =>
  t.field({
    type: [TagType],
    description: 'Tags in the category with this name, e.g. "Business Type".',
    args: { tagCategoryName: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => listTagsForCategory(ctx, args.tagCategoryName),
  }),
);

export const TagWhereUniqueInput = builder.inputType('TagWhereUniqueInput', {
  fields: (t) => ({ id: t.int({ required: true }) }),
});
