import { INVITATION_KINDS, MARKETING_LIMITS } from '@bevy/core';
import { builder } from '../../graphql/builder';
import { findBusinessById } from '../businesses/index';
import { VoucherType } from '../wholesale/wholesale.graphql';
import {
  acceptInvitation,
  listInvitations,
  openInvitation,
  revokeInvitation,
  sendInvitations,
  tradeVoucherOf,
  type InvitationView,
  type PublicInvitation,
} from './invitations.service';

const InvitationKindType = builder.enumType('InvitationKind', {
  values: INVITATION_KINDS,
  description:
    'follow the business, join a club, an event’s presale, or a trade (wholesale) account.',
});
const InvitationStateType = builder.enumType('InvitationState', {
  values: ['sent', 'opened', 'accepted', 'expired', 'revoked'] as const,
});

const InvitationType = builder.objectRef<InvitationView>('Invitation');
InvitationType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    kind: t.field({ type: InvitationKindType, resolve: (row) => row.kind }),
    email: t.exposeString('email'),
    subjectName: t.exposeString('subjectName', {
      nullable: true,
      description: 'The club or event.',
    }),
    sentAt: t.string({ resolve: (row) => row.sentAt.toISOString() }),
    expiresAt: t.string({ resolve: (row) => row.expiresAt.toISOString() }),
    openedAt: t.string({ nullable: true, resolve: (row) => row.openedAt?.toISOString() }),
    acceptedAt: t.string({ nullable: true, resolve: (row) => row.acceptedAt?.toISOString() }),
    state: t.field({ type: InvitationStateType, resolve: (row) => row.state }),
  }),
});

const PublicInvitationType = builder.objectRef<PublicInvitation>('InvitationDetails');
PublicInvitationType.implement({
  description: 'An invitation as its link shows it.',
  fields: (t) => ({
    kind: t.field({ type: InvitationKindType, resolve: (row) => row.kind }),
    businessName: t.exposeString('businessName'),
    businessSlug: t.exposeString('businessSlug'),
    subjectName: t.exposeString('subjectName', { nullable: true }),
    clubSlug: t.exposeString('clubSlug', { nullable: true }),
    eventKey: t.exposeString('eventKey', { nullable: true }),
    message: t.exposeString('message'),
    email: t.exposeString('email', { description: 'The address invited.' }),
    expiresAt: t.string({ resolve: (row) => row.expiresAt.toISOString() }),
    accepted: t.exposeBoolean('accepted'),
  }),
});

const SentInvitationsType = builder.objectRef<{ invited: string[]; skipped: string[] }>(
  'SentInvitations',
);
SentInvitationsType.implement({
  fields: (t) => ({
    invited: t.exposeStringList('invited'),
    skipped: t.exposeStringList('skipped', {
      description:
        'Addresses not invited: already invited, unsubscribed from the business, or unable to receive mail.',
    }),
  }),
});

builder.queryFields((t) => ({
  invitations: t.field({
    type: [InvitationType],
    description: 'The business’s invitations, newest first. People who work there only.',
    args: { businessSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => listInvitations(ctx, args.businessSlug),
  }),
  tradeVoucher: t.field({
    type: VoucherType,
    nullable: true,
    description:
      'The producer whose trade invitation the viewer accepted: their wholesale application names it.',
    resolve: async (_root, _args, ctx) => {
      if (!ctx.viewer) return null;
      const businessId = await tradeVoucherOf(ctx.db, ctx.viewer.id);
      return businessId === null ? null : ((await findBusinessById(ctx, businessId)) ?? null);
    },
  }),
  invitation: t.field({
    type: PublicInvitationType,
    description: 'An invitation by its link’s token; opening it is recorded.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => openInvitation(ctx, args.token),
  }),
}));

builder.mutationFields((t) => ({
  sendInvitations: t.field({
    type: SentInvitationsType,
    args: {
      businessSlug: t.arg.string({ required: true }),
      kind: t.arg({ type: InvitationKindType, required: true }),
      emails: t.arg.stringList({
        required: true,
        extensions: { maxItems: MARKETING_LIMITS.invitationsPerRequest },
      }),
      clubId: t.arg.int(),
      eventId: t.arg.int(),
      message: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      sendInvitations(ctx, args.businessSlug, {
        kind: args.kind,
        emails: args.emails,
        clubId: args.clubId ?? undefined,
        eventId: args.eventId ?? undefined,
        message: args.message ?? '',
      }),
  }),
  revokeInvitation: t.boolean({
    args: { businessSlug: t.arg.string({ required: true }), id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await revokeInvitation(ctx, args.businessSlug, args.id);
      return true;
    },
  }),
  acceptInvitation: t.field({
    type: PublicInvitationType,
    description: 'Accepts an invitation as the signed-in viewer; single use.',
    args: { token: t.arg.string({ required: true }), marketing: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => acceptInvitation(ctx, args.token, { marketing: args.marketing }),
  }),
}));
