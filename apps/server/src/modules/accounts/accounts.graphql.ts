import { builder } from '../../graphql/builder';
import type { GraphqlContext } from '../../graphql/context';
import { BusinessType } from '../businesses/businesses.graphql';
import { listWorkplaces } from '../businesses/index';
import { setSessionCookie } from './viewer';
import {
  findViewer,
  logIn,
  requestPasswordReset,
  resetPassword,
  seesWholesalePricing,
  signUp,
  type UserRow,
} from './accounts.service';
import { createSession, endSession } from './sessions';

export const UserType = builder.objectRef<UserRow>('User');

UserType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    is_admin: t.exposeBoolean('is_admin'),
    seesWholesalePricing: t.boolean({ resolve: (user) => seesWholesalePricing(user) }),
    wholesaleAccessExpiresOn: t.string({
      nullable: true,
      description: 'Last day of approved wholesale access (YYYY-MM-DD), or null.',
      resolve: (user) => user.wholesale_access_expires_on,
    }),
    date_of_birth: t.exposeString('date_of_birth'),
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

/**
 * Starts a new session (a new id on every log-in) and sets its cookie. A session the browser
 * already had ends, so a shared computer never keeps the previous person signed in.
 */
async function startSession(ctx: GraphqlContext, user: UserRow): Promise<UserRow> {
  if (ctx.viewer) await endSession(ctx.db, ctx.viewer.sessionId);
  const session = await createSession(ctx.db, user.id, {
    ip: ctx.ip,
    userAgent: ctx.reply?.request.headers['user-agent'],
  });
  if (ctx.reply) setSessionCookie(ctx.reply, ctx.config, session);
  ctx.viewer = { id: user.id, sessionId: session.id, isAdmin: user.is_admin };
  return user;
}

const SignUpInput = builder.inputType('SignUpInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    dateOfBirth: t.string({ required: true, description: 'YYYY-MM-DD' }),
  }),
});

builder.mutationFields((t) => ({
  signUp: t.field({
    type: UserType,
    description: 'Creates an account (21 and over only) and logs it in.',
    args: { input: t.arg({ type: SignUpInput, required: true }) },
    resolve: async (_root, args, ctx) => startSession(ctx, await signUp(ctx, args.input)),
  }),
  logIn: t.field({
    type: UserType,
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => startSession(ctx, await logIn(ctx, args)),
  }),
  requestPasswordReset: t.boolean({
    description: 'Emails a reset link if the account exists; always answers true.',
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await requestPasswordReset(ctx, {
        email: args.email.slice(0, 254),
        publicUrl: ctx.config.publicUrl,
        siteName: ctx.config.SITE_NAME,
      });
      return true;
    },
  }),
  resetPassword: t.boolean({
    description: 'Sets a new password from an emailed link; logs out every session.',
    args: {
      token: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await resetPassword(ctx, args);
      return true;
    },
  }),
}));
