import { HOLD_MESSAGES, type HoldReason } from '@bevy/core';
import { builder } from '../../graphql/builder';
import { badInput } from '../../platform/domain-error';
import {
  changeMemberForThem,
  clubFigures,
  clubMembers,
  MEMBER_STATUSES,
  releaseShipments,
  releasesToManage,
  retryFailedShipments,
  type ClubFigures,
  type RunReport,
} from './club-admin.service';
import { createRelease } from './releases.service';

/** A producer's side of a club: releases and their run reports, members and figures. */

type ManagedRelease = Awaited<ReturnType<typeof releasesToManage>>[number];
type ShipmentRow = Awaited<ReturnType<typeof releaseShipments>>[number];
type MemberRow = Awaited<ReturnType<typeof clubMembers>>[number];

const RunReportType = builder.objectRef<RunReport>('ClubRunReport').implement({
  description: 'What happened to the members of a release at its run.',
  fields: (t) => ({
    pending: t.exposeInt('pending'),
    charged: t.exposeInt('charged'),
    retrying: t.exposeInt('retrying'),
    declined: t.exposeInt('declined'),
    skipped: t.exposeInt('skipped'),
    held: t.exposeInt('held'),
    chargedCents: t.exposeInt('chargedCents'),
  }),
});

const ReleaseItemType = builder
  .objectRef<ManagedRelease['items'][number]>('ClubReleaseItem')
  .implement({
    fields: (t) => ({
      tierId: t.exposeInt('tier_id'),
      productId: t.exposeInt('product_id', {
        nullable: true,
        description: 'Null once the producer deleted the product.',
      }),
      productName: t.exposeString('productName'),
      quantity: t.exposeInt('quantity'),
    }),
  });

const ClubReleaseType = builder.objectRef<ManagedRelease>('ClubRelease').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    title: t.exposeString('title'),
    chargeOn: t.exposeString('charge_on'),
    status: t.exposeString('status'),
    noticeSent: t.boolean({ resolve: (release) => release.notice_sent_at !== null }),
    items: t.field({ type: [ReleaseItemType], resolve: (release) => release.items }),
    report: t.field({ type: RunReportType, resolve: (release) => release.report }),
  }),
});

const ClubShipmentType = builder.objectRef<ShipmentRow>('ClubShipment').implement({
  description: 'One member’s part of a release run.',
  fields: (t) => ({
    id: t.int({ resolve: (row) => row.shipment.id }),
    memberName: t.exposeString('memberName'),
    memberEmail: t.exposeString('memberEmail'),
    outcome: t.string({
      resolve: (row) => (row.shipment.outcome === 'charging' ? 'pending' : row.shipment.outcome),
    }),
    problems: t.stringList({
      resolve: (row) =>
        row.shipment.hold_reasons.map((reason) => HOLD_MESSAGES[reason as HoldReason]),
    }),
    declineMessage: t.string({ nullable: true, resolve: (row) => row.shipment.decline_message }),
    tries: t.int({ resolve: (row) => row.shipment.tries }),
    nextTryOn: t.string({ nullable: true, resolve: (row) => row.shipment.next_try_on }),
    amountCents: t.int({ nullable: true, resolve: (row) => row.shipment.amount_cents }),
    orderId: t.int({ nullable: true, resolve: (row) => row.shipment.order_id }),
    orderNumber: t.exposeString('orderNumber', { nullable: true }),
  }),
});

const MemberStatusType = builder.enumType('ClubMemberStatus', { values: MEMBER_STATUSES });

const ClubMemberType = builder.objectRef<MemberRow>('ClubMember').implement({
  fields: (t) => ({
    membershipId: t.int({ resolve: (row) => row.membership.id }),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    tierName: t.exposeString('tierName'),
    status: t.field({ type: MemberStatusType, resolve: (row) => row.status }),
    joinedOn: t.string({ resolve: (row) => row.membership.joined_on }),
    pausedUntil: t.string({ nullable: true, resolve: (row) => row.membership.paused_until }),
    statusReason: t.string({ nullable: true, resolve: (row) => row.membership.status_reason }),
    fulfillmentMode: t.string({ resolve: (row) => row.membership.fulfillment_mode }),
    shipToState: t.string({
      nullable: true,
      resolve: (row) => row.membership.address?.state ?? null,
    }),
  }),
});

const ClubFiguresType = builder.objectRef<ClubFigures>('ClubFigures').implement({
  fields: (t) => ({
    activeMembers: t.exposeInt('activeMembers'),
    joinedThisMonth: t.exposeInt('joinedThisMonth'),
    cancelledThisMonth: t.exposeInt('cancelledThisMonth'),
    involuntaryChurnThisMonth: t.exposeInt('involuntaryChurnThisMonth'),
    recoveredThisMonth: t.exposeInt('recoveredThisMonth'),
    nextReleaseOn: t.exposeString('nextReleaseOn', { nullable: true }),
    nextReleaseExpectedCents: t.exposeInt('nextReleaseExpectedCents'),
  }),
});

const ReleaseItemInput = builder.inputType('ClubReleaseItemInput', {
  fields: (t) => ({
    tierId: t.int({ required: true }),
    productId: t.int({ required: true }),
    quantity: t.int({ required: true }),
  }),
});

builder.queryFields((t) => ({
  clubReleases: t.field({
    type: [ClubReleaseType],
    description: 'A club’s releases with their run reports. People who work there only.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      clubSlug: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => releasesToManage(ctx, args.businessSlug, args.clubSlug),
  }),
  clubReleaseShipments: t.field({
    type: [ClubShipmentType],
    args: {
      businessSlug: t.arg.string({ required: true }),
      clubSlug: t.arg.string({ required: true }),
      releaseId: t.arg.int({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      releaseShipments(ctx, args.businessSlug, args.clubSlug, args.releaseId),
  }),
  clubMembers: t.field({
    type: [ClubMemberType],
    args: {
      businessSlug: t.arg.string({ required: true }),
      clubSlug: t.arg.string({ required: true }),
      search: t.arg.string(),
      status: t.arg({ type: MemberStatusType }),
    },
    resolve: (_root, args, ctx) =>
      clubMembers(ctx, args.businessSlug, args.clubSlug, {
        search: args.search,
        status: args.status,
      }),
  }),
  clubFigures: t.field({
    type: ClubFiguresType,
    args: {
      businessSlug: t.arg.string({ required: true }),
      clubSlug: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => clubFigures(ctx, args.businessSlug, args.clubSlug),
  }),
}));

builder.mutationFields((t) => ({
  createClubRelease: t.field({
    type: ClubReleaseType,
    description: 'Composes a release, scheduled for its charge date. People who work there only.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      clubSlug: t.arg.string({ required: true }),
      title: t.arg.string({ required: true }),
      chargeOn: t.arg.string({ required: true }),
      items: t.arg({ type: [ReleaseItemInput], required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const created = await createRelease(ctx, args.businessSlug, args.clubSlug, {
        title: args.title,
        chargeOn: args.chargeOn,
        items: args.items,
      });
      const all = await releasesToManage(ctx, args.businessSlug, args.clubSlug);
      return all.find((release) => release.id === created.id)!;
    },
  }),
  retryFailedClubShipments: t.field({
    type: ClubReleaseType,
    description: 'Checks held members afresh and charges those waiting for a retry, now.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      clubSlug: t.arg.string({ required: true }),
      releaseId: t.arg.int({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await retryFailedShipments(ctx, args.businessSlug, args.clubSlug, args.releaseId);
      const all = await releasesToManage(ctx, args.businessSlug, args.clubSlug);
      return all.find((release) => release.id === args.releaseId)!;
    },
  }),
  changeClubMember: t.field({
    type: 'Boolean',
    description:
      'Pauses (until a date), resumes or cancels a membership for its member, with a reason.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      clubSlug: t.arg.string({ required: true }),
      membershipId: t.arg.int({ required: true }),
      action: t.arg.string({ required: true, description: '"pause", "resume" or "cancel".' }),
      reason: t.arg.string({ required: true }),
      until: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      if (!['pause', 'resume', 'cancel'].includes(args.action)) {
        throw badInput('Choose pause, resume or cancel.', 'action');
      }
      await changeMemberForThem(ctx, args.businessSlug, args.clubSlug, args.membershipId, {
        action: args.action as 'pause' | 'resume' | 'cancel',
        reason: args.reason,
        until: args.until,
      });
      return true;
    },
  }),
}));
