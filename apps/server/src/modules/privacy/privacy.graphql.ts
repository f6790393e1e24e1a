import { builder } from '../../graphql/builder';
import { clearSessionCookie } from '../accounts/index';
import { deletionPreview, type DeletionPreviewItem } from './erasure-preview.service';
import { deleteMyAccount, type DeletionResult } from './erasure.service';

const DeletionPreviewItemType = builder.objectRef<DeletionPreviewItem>('DeletionPreviewItem');
DeletionPreviewItemType.implement({
  description: 'One thing of the person’s and what deleting their account does to it.',
  fields: (t) => ({
    group: t.exposeString('group', {
      description:
        'blocked (why deleting is not possible yet), orders_cancelled, orders_kept, memberships, tickets, workplaces or account.',
    }),
    what: t.exposeString('what'),
    outcome: t.exposeString('outcome'),
  }),
});

const DeletionResultType = builder.objectRef<DeletionResult>('AccountDeletion');
DeletionResultType.implement({
  description: 'What deleting the account did.',
  fields: (t) => ({
    cancelledOrders: t.exposeStringList('cancelledOrders', {
      description: 'Numbers of the orders cancelled and refunded.',
    }),
    keptOrders: t.exposeStringList('keptOrders', {
      description: 'Numbers of the orders already on their way, left to complete.',
    }),
    refundedTickets: t.exposeInt('refundedTickets'),
    endedMemberships: t.exposeInt('endedMemberships'),
  }),
});

builder.queryFields((t) => ({
  accountDeletionPreview: t.field({
    type: [DeletionPreviewItemType],
    description:
      'What happens when the signed-in person deletes their account: each open thing and its fate.',
    extensions: { maxItems: 500 },
    resolve: (_root, _args, ctx) => deletionPreview(ctx),
  }),
}));

builder.mutationFields((t) => ({
  deleteMyAccount: t.field({
    type: DeletionResultType,
    description:
      'Deletes the signed-in person’s account, confirmed by their password and their email typed. Errors: BAD_USER_INPUT (field password or email; or, without a field, why it cannot be deleted yet: a payment in flight, the only person at a business, the only site admin; nothing changed), UNAUTHENTICATED.',
    args: {
      password: t.arg.string({ required: true }),
      email: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const done = await deleteMyAccount(ctx, { password: args.password, email: args.email });
      if (ctx.reply) clearSessionCookie(ctx.reply, ctx.config);
      ctx.viewer = null;
      return done;
    },
  }),
}));
