import {
  PRIVACY_LAWS,
  PRIVACY_REQUEST_CHANNELS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
} from '@bevy/core';
import { builder } from '../../graphql/builder';
import { requireViewer } from '../../platform/access';
import { findUser } from '../accounts/index';
import { sendsGpc } from './gpc';
import {
  listPrivacyRequests,
  myPrivacyRequests,
  resolvePrivacyRequest,
  submitPrivacyRequest,
  type OwnPrivacyRequest,
  type PrivacyRequestView,
} from './requests.service';

const QUEUE_MAX = 200;
const OWN_MAX = 100;

export const PrivacyRequestKindType = builder.enumType('PrivacyRequestKind', {
  values: PRIVACY_REQUEST_KINDS,
});
export const PrivacyLawType = builder.enumType('PrivacyLaw', {
  values: PRIVACY_LAWS,
  description: 'gdpr: answered within one month; ccpa: within 45 days.',
});
export const PrivacyRequestStatusType = builder.enumType('PrivacyRequestStatus', {
  values: PRIVACY_REQUEST_STATUSES,
});
export const PrivacyRequestChannelType = builder.enumType('PrivacyRequestChannel', {
  values: PRIVACY_REQUEST_CHANNELS,
  description:
    'self_service: done by the person on /account/privacy; form: the request form; gpc: the Global Privacy Control signal.',
});
const PrivacyOutcomeType = builder.enumType('PrivacyRequestOutcome', {
  values: ['completed', 'declined'] as const,
});

const iso = (date: Date) => date.toISOString();

const AccountType =
  builder.objectRef<NonNullable<PrivacyRequestView['account']>>('PrivacyRequestAccount');
AccountType.implement({
  description: 'The account a request concerns: the one its email names, when there is one.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
  }),
});

const PrivacyRequestType = builder.objectRef<PrivacyRequestView>('PrivacyRequest');
PrivacyRequestType.implement({
  description: 'A privacy request as administrators see it in the queue.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    kind: t.field({ type: PrivacyRequestKindType, resolve: (row) => row.kind }),
    law: t.field({ type: PrivacyLawType, resolve: (row) => row.law }),
    channel: t.field({ type: PrivacyRequestChannelType, resolve: (row) => row.channel }),
    status: t.field({ type: PrivacyRequestStatusType, resolve: (row) => row.status }),
    requesterName: t.exposeString('requesterName', { nullable: true }),
    requesterEmail: t.exposeString('requesterEmail', {
      description: 'A stand-in (…@answered.invalid) once the request is answered.',
    }),
    details: t.exposeString('details', { nullable: true }),
    receivedAt: t.string({ resolve: (row) => iso(row.receivedAt) }),
    dueAt: t.string({ resolve: (row) => iso(row.dueAt) }),
    resolvedAt: t.string({ nullable: true, resolve: (row) => row.resolvedAt?.toISOString() }),
    resolutionNote: t.exposeString('resolutionNote', { nullable: true }),
    account: t.field({ type: AccountType, nullable: true, resolve: (row) => row.account }),
  }),
});

const ReceiptType =
  builder.objectRef<Awaited<ReturnType<typeof submitPrivacyRequest>>>('PrivacyRequestReceipt');
ReceiptType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    law: t.field({ type: PrivacyLawType, resolve: (receipt) => receipt.law }),
    dueAt: t.string({ resolve: (receipt) => iso(receipt.dueAt) }),
  }),
});

const OwnRequestType = builder.objectRef<OwnPrivacyRequest>('MyPrivacyRequest');
OwnRequestType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    kind: t.field({ type: PrivacyRequestKindType, resolve: (row) => row.kind }),
    status: t.field({ type: PrivacyRequestStatusType, resolve: (row) => row.status }),
    channel: t.field({ type: PrivacyRequestChannelType, resolve: (row) => row.channel }),
    receivedAt: t.string({ resolve: (row) => iso(row.receivedAt) }),
    dueAt: t.string({ resolve: (row) => iso(row.dueAt) }),
    resolvedAt: t.string({ nullable: true, resolve: (row) => row.resolvedAt?.toISOString() }),
  }),
});

interface MyPrivacy {
  gpcOptOutAt: Date | null;
  gpcSignalNow: boolean;
}
const MyPrivacyType = builder.objectRef<MyPrivacy>('MyPrivacy');
MyPrivacyType.implement({
  description: 'The signed-in person’s privacy choices and requests.',
  fields: (t) => ({
    gpcOptOutAt: t.string({
      nullable: true,
      description: 'When their Global Privacy Control opt-out of sale and sharing was recorded.',
      resolve: (privacy) => privacy.gpcOptOutAt?.toISOString(),
    }),
    gpcSignalNow: t.exposeBoolean('gpcSignalNow', {
      description: 'Whether this very request carried Sec-GPC: 1.',
    }),
    requests: t.field({
      type: [OwnRequestType],
      description: 'Their own privacy requests, newest first.',
      extensions: { maxItems: OWN_MAX },
      resolve: (_privacy, _args, ctx) => myPrivacyRequests(ctx, OWN_MAX),
    }),
  }),
});

builder.queryFields((t) => ({
  myPrivacy: t.field({
    type: MyPrivacyType,
    description: 'The viewer’s Global Privacy Control status and privacy requests.',
    resolve: async (_root, _args, ctx) => {
      const viewer = requireViewer(ctx);
      const user = await findUser(ctx.db, viewer.id);
      return {
        gpcOptOutAt: user?.gpc_opt_out_at ?? null,
        gpcSignalNow: ctx.reply ? sendsGpc(ctx.reply.request) : false,
      };
    },
  }),
  privacyRequests: t.field({
    type: [PrivacyRequestType],
    description: 'The privacy request queue (admins only): open ones soonest due first.',
    args: { status: t.arg({ type: PrivacyRequestStatusType, description: 'None: all.' }) },
    extensions: { maxItems: QUEUE_MAX },
    resolve: (_root, args, ctx) => listPrivacyRequests(ctx, args.status ?? null, QUEUE_MAX),
  }),
}));

builder.mutationFields((t) => ({
  submitPrivacyRequest: t.field({
    type: ReceiptType,
    description:
      'Files a privacy request from the public form and emails its acknowledgement. Errors: BAD_USER_INPUT, TOO_MANY_REQUESTS.',
    args: {
      name: t.arg.string({ required: true }),
      email: t.arg.string({ required: true }),
      kind: t.arg.string({ required: true, description: 'A PrivacyRequestKind value.' }),
      region: t.arg.string({ required: true, description: 'eu_uk, california or elsewhere.' }),
      details: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      submitPrivacyRequest(ctx, { ...args, details: args.details ?? undefined }),
  }),
  resolvePrivacyRequest: t.field({
    type: PrivacyRequestType,
    description:
      'Answers an open request and emails the requester (admins only). A decline needs a note, the reason. Errors: BAD_USER_INPUT, NOT_FOUND, ALREADY_RESOLVED.',
    args: {
      id: t.arg.int({ required: true }),
      outcome: t.arg({ type: PrivacyOutcomeType, required: true }),
      note: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      resolvePrivacyRequest(ctx, { id: args.id, outcome: args.outcome, note: args.note ?? null }),
  }),
}));
