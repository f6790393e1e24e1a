import { builder } from '../../graphql/builder';
import { OrderAddressInput } from '../checkout/checkout.graphql';
import { OrderAddressType } from '../orders/order-fields.graphql';
import { UserType } from './accounts.graphql';
import {
  addSavedAddress,
  deleteSavedAddress,
  listSavedAddresses,
  MAX_SAVED_ADDRESSES,
  setDefaultSavedAddress,
  updateSavedAddress,
  type SavedAddressRow,
} from './addresses.service';
import { confirmEmailChange, pendingEmailChange, requestEmailChange } from './email-change';
import {
  changeName,
  changePassword,
  endEverySession,
  endOtherSession,
  listSessions,
  MAX_LISTED_SESSIONS,
  type SessionView,
} from './settings.service';
import { clearSessionCookie } from './viewer';

const AccountSessionType = builder.objectRef<SessionView>('AccountSession');
AccountSessionType.implement({
  description: 'A live session of the signed-in person: a browser they are logged in on.',
  fields: (t) => ({
    id: t.exposeString('ref', { description: 'A reference to the session, not its secret.' }),
    createdAt: t.string({ resolve: (row) => row.createdAt.toISOString() }),
    lastSeenAt: t.string({ resolve: (row) => row.lastSeenAt.toISOString() }),
    device: t.exposeString('device', {
      description: 'Browser and system, like "Firefox on macOS".',
    }),
    address: t.exposeString('address', {
      nullable: true,
      description: 'The network address in part, like "203.0.113.*".',
    }),
    current: t.exposeBoolean('current', { description: 'The session of this request.' }),
  }),
});

const SavedAddressType = builder.objectRef<SavedAddressRow>('SavedAddress');
SavedAddressType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    label: t.exposeString('label'),
    address: t.field({ type: OrderAddressType, resolve: (row) => row.address }),
    isDefault: t.exposeBoolean('is_default'),
  }),
});

const SavedAddressInput = builder.inputType('SavedAddressInput', {
  fields: (t) => ({
    label: t.string({ required: true, description: 'The person’s name for it, like "Home".' }),
    address: t.field({ type: OrderAddressInput, required: true }),
    isDefault: t.boolean(),
  }),
});

const PendingEmailChangeType = builder.objectRef<{ newEmail: string; expiresAt: Date }>(
  'PendingEmailChange',
);
PendingEmailChangeType.implement({
  fields: (t) => ({
    newEmail: t.exposeString('newEmail'),
    expiresAt: t.string({ resolve: (row) => row.expiresAt.toISOString() }),
  }),
});

builder.queryFields((t) => ({
  mySessions: t.field({
    type: [AccountSessionType],
    description: 'The signed-in person’s live sessions, the most recently used first.',
    extensions: { maxItems: MAX_LISTED_SESSIONS },
    resolve: (_root, _args, ctx) => listSessions(ctx),
  }),
  savedAddresses: t.field({
    type: [SavedAddressType],
    description: 'The signed-in person’s saved addresses, the default first.',
    extensions: { maxItems: MAX_SAVED_ADDRESSES },
    resolve: (_root, _args, ctx) => listSavedAddresses(ctx),
  }),
  pendingEmailChange: t.field({
    type: PendingEmailChangeType,
    nullable: true,
    description: 'The new email waiting for its link to be opened, if any.',
    resolve: (_root, _args, ctx) => pendingEmailChange(ctx),
  }),
}));

builder.mutationFields((t) => ({
  changeName: t.field({
    type: UserType,
    args: { name: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => changeName(ctx, args),
  }),
  changePassword: t.boolean({
    description:
      'Sets a new password (the current one is needed); every other session ends, this one stays.',
    args: {
      currentPassword: t.arg.string({ required: true }),
      newPassword: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await changePassword(ctx, args);
      return true;
    },
  }),
  requestEmailChange: t.boolean({
    description:
      'Emails a confirmation link to the new address (the password is needed); nothing changes until it is opened.',
    args: {
      newEmail: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await requestEmailChange(ctx, {
        newEmail: args.newEmail.slice(0, 300),
        password: args.password,
        publicUrl: ctx.config.publicUrl,
        siteName: ctx.config.SITE_NAME,
      });
      return true;
    },
  }),
  confirmEmailChange: t.string({
    description:
      'Opens an emailed confirmation link: the account that asked moves to its new email, which is returned.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => confirmEmailChange(ctx, args.token),
  }),
  addSavedAddress: t.field({
    type: SavedAddressType,
    description: `Saves an address (at most ${MAX_SAVED_ADDRESSES}); the first one is the default.`,
    args: { input: t.arg({ type: SavedAddressInput, required: true }) },
    resolve: (_root, args, ctx) => addSavedAddress(ctx, args.input),
  }),
  updateSavedAddress: t.field({
    type: SavedAddressType,
    args: {
      id: t.arg.int({ required: true }),
      input: t.arg({ type: SavedAddressInput, required: true }),
    },
    resolve: (_root, args, ctx) => updateSavedAddress(ctx, args.id, args.input),
  }),
  setDefaultSavedAddress: t.field({
    type: SavedAddressType,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => setDefaultSavedAddress(ctx, args.id),
  }),
  deleteSavedAddress: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteSavedAddress(ctx, args.id);
      return true;
    },
  }),
  endSession: t.boolean({
    description: 'Logs another of the signed-in person’s sessions out, by its id from mySessions.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await endOtherSession(ctx, args.id);
      return true;
    },
  }),
  logOutEverywhere: t.boolean({
    description: 'Ends every session of the signed-in person, this one included.',
    resolve: async (_root, _args, ctx) => {
      await endEverySession(ctx);
      if (ctx.reply) clearSessionCookie(ctx.reply, ctx.config);
      ctx.viewer = null;
      return true;
    },
  }),
}));
