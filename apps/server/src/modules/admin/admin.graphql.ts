import { builder } from '../../graphql/builder';
import { requireAdmin } from '../../platform/access';
import { parsePage } from '../../platform/paging';
import { seesWholesalePricing, type UserRow } from '../accounts/index';
import {
  listOutbox,
  listUsers,
  setUserAdmin,
  setUserDisabled,
  type OutboxRow,
} from './admin.service';

const AdminUserType = builder.objectRef<UserRow>('AdminUser');
AdminUserType.implement({
  description: 'A user account as administrators see it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    is_admin: t.exposeBoolean('is_admin'),
    disabled: t.boolean({ resolve: (user) => user.disabled_at !== null }),
    createdAt: t.string({
      description: 'ISO timestamp',
      resolve: (user) => user.created_at.toISOString(),
    }),
    seesWholesalePricing: t.boolean({ resolve: (user) => seesWholesalePricing(user) }),
    wholesaleAccessExpiresOn: t.string({
      nullable: true,
      description: 'Last day of approved wholesale access (YYYY-MM-DD), or null.',
      resolve: (user) => user.wholesale_access_expires_on,
    }),
  }),
});

const AdminUserPageType = builder.objectRef<{ total: number; users: UserRow[] }>('AdminUserPage');
AdminUserPageType.implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    users: t.expose('users', { type: [AdminUserType] }),
  }),
});

const OutboxMessageType = builder.objectRef<OutboxRow>('OutboxMessage');
OutboxMessageType.implement({
  description: 'An email the marketplace sent (or, without SMTP, only recorded).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    to: t.exposeString('to_address'),
    subject: t.exposeString('subject'),
    text: t.exposeString('text_body'),
    transport: t.exposeString('transport', { description: "'outbox' or 'smtp'" }),
    createdAt: t.string({
      description: 'ISO timestamp',
      resolve: (message) => message.created_at.toISOString(),
    }),
  }),
});

const OutboxPageType = builder.objectRef<{ total: number; messages: OutboxRow[] }>('OutboxPage');
OutboxPageType.implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    messages: t.expose('messages', { type: [OutboxMessageType] }),
  }),
});

builder.queryFields((t) => ({
  adminUsers: t.field({
    type: AdminUserPageType,
    description: 'Users, newest first; `search` matches the name or email. Admins only.',
    args: {
      search: t.arg.string(),
      offset: t.arg.int({ defaultValue: 0 }),
      limit: t.arg.int({ defaultValue: 25 }),
    },
    resolve: (_root, args, ctx) => {
      requireAdmin(ctx);
      return listUsers(ctx, { search: args.search, ...parsePage(args.offset, args.limit) });
    },
  }),
  mailOutbox: t.field({
    type: OutboxPageType,
    description: 'Sent email, newest first. Admins only.',
    args: {
      offset: t.arg.int({ defaultValue: 0 }),
      limit: t.arg.int({ defaultValue: 25 }),
    },
    resolve: (_root, args, ctx) => {
      requireAdmin(ctx);
      return listOutbox(ctx, parsePage(args.offset, args.limit));
    },
  }),
}));

builder.mutationFields((t) => ({
  setUserAdmin: t.field({
    type: AdminUserType,
    description: 'Grants or removes admin rights; not your own. Admins only.',
    args: {
      userId: t.arg.int({ required: true }),
      isAdmin: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      const admin = requireAdmin(ctx);
      return setUserAdmin(ctx, admin.id, args);
    },
  }),
  setUserDisabled: t.field({
    type: AdminUserType,
    description: "Disables (ending the user's sessions) or enables an account; not your own.",
    args: {
      userId: t.arg.int({ required: true }),
      disabled: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) => {
      const admin = requireAdmin(ctx);
      return setUserDisabled(ctx, admin.id, args);
    },
  }),
}));
