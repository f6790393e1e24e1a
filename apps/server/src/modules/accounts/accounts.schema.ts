import { builder } from '../../graphql/builder';
import { BusinessType } from '../businesses/businesses.schema';
import { listWorkplaces } from '../businesses/businesses.service';
import { findViewer, seesWholesalePricing, type UserRow } from './accounts.service';

const UserType = builder.objectRef<UserRow>('User');

UserType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    is_admin: t.exposeBoolean('is_admin'),
    seesWholesalePricing: t.boolean({ resolve: (user) => seesWholesalePricing(user) }),
    works_at: t.field({
      type: [BusinessType],
      resolve: (user, _args, ctx) => listWorkplaces(ctx, user.id),
    }),
  }),
});

builder.queryField('me', (t) =>
  t.field({
    type: UserType,
    nullable: true,
    description: 'The signed-in user, or null for an anonymous caller.',
    resolve: (_root, _args, ctx) => findViewer(ctx),
  }),
);
