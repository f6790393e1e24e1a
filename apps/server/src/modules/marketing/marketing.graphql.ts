import { BEVERAGE_TYPES, CUSTOMER_RELATIONSHIPS } from '@bevy/core';
import { builder } from '../../graphql/builder';
import { parsePage } from '../../platform/paging';
import {
  confirmConsent,
  followBusiness,
  followState,
  myFollows,
  setMarketingConsent,
  unfollowBusiness,
  type FollowedBusiness,
  type FollowState,
} from './consent.service';
import { listCustomers, type Customer } from './customers.service';
import { deleteSegment, listSegments, saveSegment, type SegmentView } from './segments.service';
import { findBusinessBySlug } from '../businesses/index';
import { notFound } from '../../platform/domain-error';

const ConsentStatusType = builder.enumType('MarketingConsentStatus', {
  values: ['pending', 'subscribed', 'unsubscribed'] as const,
  description: 'pending: asked, awaiting the emailed confirmation; only subscribed gets mail.',
});
const RelationshipType = builder.enumType('CustomerRelationship', {
  values: CUSTOMER_RELATIONSHIPS,
});
const BeverageTypeFilter = builder.enumType('SegmentBeverageType', {
  values: Object.fromEntries(
    BEVERAGE_TYPES.map((type) => [type.toUpperCase().replace(/ /g, '_'), { value: type }]),
  ),
});

const FollowStateType = builder.objectRef<FollowState>('FollowState');
FollowStateType.implement({
  description: 'Whether the viewer follows a business and gets its email.',
  fields: (t) => ({
    businessId: t.exposeInt('businessId'),
    following: t.exposeBoolean('following'),
    consent: t.field({
      type: ConsentStatusType,
      nullable: true,
      resolve: (state) => state.consent,
    }),
  }),
});

const FollowedBusinessType = builder.objectRef<FollowedBusiness>('FollowedBusiness');
FollowedBusinessType.implement({
  fields: (t) => ({
    businessId: t.exposeInt('businessId'),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    following: t.exposeBoolean('following'),
    followedAt: t.string({ nullable: true, resolve: (row) => row.followedAt?.toISOString() }),
    consent: t.field({ type: ConsentStatusType, nullable: true, resolve: (row) => row.consent }),
    consentChangedAt: t.string({
      nullable: true,
      resolve: (row) => row.consentChangedAt?.toISOString(),
    }),
  }),
});

const ConsentEvidenceType = builder.objectRef<NonNullable<Customer['consent']>>('ConsentEvidence');
ConsentEvidenceType.implement({
  description: 'A person’s consent to the business’s email, and how it was given or withdrawn.',
  fields: (t) => ({
    status: t.field({ type: ConsentStatusType, resolve: (consent) => consent.status }),
    source: t.exposeString('source', { description: 'follow or invitation.' }),
    requestedAt: t.string({ resolve: (consent) => consent.requestedAt.toISOString() }),
    confirmedAt: t.string({
      nullable: true,
      resolve: (consent) => consent.confirmedAt?.toISOString(),
    }),
    withdrawnAt: t.string({
      nullable: true,
      resolve: (consent) => consent.withdrawnAt?.toISOString(),
    }),
    withdrawnVia: t.exposeString('withdrawnVia', { nullable: true }),
  }),
});

const CustomerType = builder.objectRef<Customer>('Customer');
CustomerType.implement({
  description: 'A person who bought, joined a club, holds a ticket, follows or consented.',
  fields: (t) => ({
    userId: t.exposeInt('userId'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    lifetimeValueCents: t.exposeInt('lifetimeValueCents', {
      description: 'Paid orders less refunds, cancelled orders excluded.',
    }),
    orderCount: t.exposeInt('orderCount'),
    lastOrderAt: t.string({ nullable: true, resolve: (row) => row.lastOrderAt?.toISOString() }),
    state: t.exposeString('state', { nullable: true, description: 'Of the latest order.' }),
    clubStatus: t.exposeString('clubStatus', { nullable: true }),
    tickets: t.exposeInt('tickets'),
    followedAt: t.string({ nullable: true, resolve: (row) => row.followedAt?.toISOString() }),
    consent: t.field({ type: ConsentEvidenceType, nullable: true, resolve: (row) => row.consent }),
  }),
});

const CustomerPageType = builder.objectRef<{ total: number; customers: Customer[] }>(
  'CustomerPage',
);
CustomerPageType.implement({
  fields: (t) => ({
    total: t.exposeInt('total'),
    customers: t.field({ type: [CustomerType], resolve: (page) => page.customers }),
  }),
});

export const SegmentFilterInput = builder.inputType('SegmentFilterInput', {
  fields: (t) => ({
    relationship: t.field({ type: RelationshipType }),
    boughtWithinDays: t.int(),
    beverageType: t.field({ type: BeverageTypeFilter }),
    minSpentCents: t.int(),
    states: t.stringList({ extensions: { maxItems: 60 } }),
    subscribedOnly: t.boolean(),
    search: t.string(),
  }),
});

const SegmentFilterType = builder.objectRef<SegmentView['filter']>('SegmentFilter');
SegmentFilterType.implement({
  fields: (t) => ({
    relationship: t.field({
      type: RelationshipType,
      nullable: true,
      resolve: (f) => f.relationship,
    }),
    boughtWithinDays: t.int({ nullable: true, resolve: (f) => f.boughtWithinDays }),
    beverageType: t.field({
      type: BeverageTypeFilter,
      nullable: true,
      resolve: (f) => f.beverageType,
    }),
    minSpentCents: t.int({ nullable: true, resolve: (f) => f.minSpentCents }),
    states: t.stringList({ nullable: true, resolve: (f) => f.states }),
    subscribedOnly: t.boolean({ nullable: true, resolve: (f) => f.subscribedOnly }),
  }),
});

export const SegmentType = builder.objectRef<SegmentView>('Segment');
SegmentType.implement({
  description: 'A saved filter of the business’s customers, counted as of now.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    filter: t.field({ type: SegmentFilterType, resolve: (segment) => segment.filter }),
    count: t.exposeInt('count'),
    subscribedCount: t.exposeInt('subscribedCount', {
      description: 'Of them, those who agreed to the business’s email: a campaign’s reach.',
    }),
    updatedAt: t.string({ resolve: (segment) => segment.updatedAt.toISOString() }),
  }),
});

/** GraphQL's absent fields as zod expects them: undefined, not null. */
export const definedFields = <T extends object>(input: T | null | undefined) =>
  Object.fromEntries(
    Object.entries(input ?? {}).filter(([, value]) => value !== null && value !== undefined),
  );

const ConfirmedConsentType = builder.objectRef<{ businessName: string; businessSlug: string }>(
  'ConfirmedConsent',
);
ConfirmedConsentType.implement({
  fields: (t) => ({
    businessName: t.exposeString('businessName'),
    businessSlug: t.exposeString('businessSlug'),
  }),
});

builder.queryFields((t) => ({
  followState: t.field({
    type: FollowStateType,
    description: 'Whether the viewer follows the business and gets its email (visitors: neither).',
    args: { businessSlug: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const business = await findBusinessBySlug(ctx, args.businessSlug);
      if (!business) throw notFound('There is no business at that address.');
      return followState(ctx, business.id);
    },
  }),
  myFollows: t.field({
    type: [FollowedBusinessType],
    description: 'The businesses the viewer follows or gets email from.',
    resolve: (_root, _args, ctx) => myFollows(ctx),
  }),
  customers: t.field({
    type: CustomerPageType,
    description: 'The business’s customers, biggest spenders first. People who work there only.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      filter: t.arg({ type: SegmentFilterInput }),
      offset: t.arg.int(),
      limit: t.arg.int(),
    },
    resolve: (_root, args, ctx) =>
      listCustomers(
        ctx,
        args.businessSlug,
        definedFields(args.filter),
        parsePage(args.offset, args.limit),
      ),
  }),
  segments: t.field({
    type: [SegmentType],
    args: { businessSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => listSegments(ctx, args.businessSlug),
  }),
}));

builder.mutationFields((t) => ({
  followBusiness: t.field({
    type: FollowStateType,
    description:
      'Follows the business; with marketing, asks for consent to its email, confirmed by an emailed link.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      marketing: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      followBusiness(ctx, args.businessSlug, { marketing: args.marketing }),
  }),
  unfollowBusiness: t.field({
    type: FollowStateType,
    description: 'Stops following, and stops the business’s email with it.',
    args: { businessSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => unfollowBusiness(ctx, args.businessSlug),
  }),
  setMarketingConsent: t.field({
    type: FollowStateType,
    description: 'Stops a business’s email at once, or asks for it again (confirmed by email).',
    args: {
      businessId: t.arg.int({ required: true }),
      subscribed: t.arg.boolean({ required: true }),
    },
    resolve: (_root, args, ctx) => setMarketingConsent(ctx, args.businessId, args.subscribed),
  }),
  confirmMarketingConsent: t.field({
    type: ConfirmedConsentType,
    description: 'Confirms consent with the emailed link’s token; no log-in needed.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => confirmConsent(ctx, args.token),
  }),
  saveSegment: t.field({
    type: SegmentType,
    args: {
      businessSlug: t.arg.string({ required: true }),
      id: t.arg.int({ description: 'None: a new segment.' }),
      name: t.arg.string({ required: true }),
      filter: t.arg({ type: SegmentFilterInput, required: true }),
    },
    resolve: (_root, args, ctx) =>
      saveSegment(ctx, args.businessSlug, args.id ?? null, {
        name: args.name,
        filter: definedFields(args.filter),
      }),
  }),
  deleteSegment: t.boolean({
    args: { businessSlug: t.arg.string({ required: true }), id: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteSegment(ctx, args.businessSlug, args.id);
      return true;
    },
  }),
}));
