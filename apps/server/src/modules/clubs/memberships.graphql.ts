import { HOLD_MESSAGES, type HoldReason } from '@bevy/core';
import { builder } from '../../graphql/builder';
import { OrderAddressInput, PaymentInput } from '../checkout/checkout.graphql';
import { OrderAddressType } from '../orders/order-fields.graphql';
import { ClubTierType } from './clubs.graphql';
import {
  cancelMembership,
  changeDelivery,
  changeReleaseLines,
  changeTier,
  ownMembership,
  pauseMembership,
  skipRelease,
  updateCard,
} from './member-changes.service';
import { joinClub } from './memberships.service';
import {
  membershipView,
  myMemberships,
  swapChoices,
  type MemberRelease,
  type MembershipView,
  type PastShipment,
  type SwapChoice,
} from './membership-views.service';

/** A member's side of clubs: joining, their memberships at /consumer, and every change to them. */

const MemberReleaseLineType = builder
  .objectRef<MemberRelease['lines'][number]>('MemberReleaseLine')
  .implement({
    fields: (t) => ({
      productId: t.exposeInt('productId'),
      name: t.exposeString('name'),
      quantity: t.exposeInt('quantity'),
      unitPriceCents: t.exposeInt('unitPriceCents'),
    }),
  });

const MemberReleaseType = builder.objectRef<MemberRelease>('MemberRelease').implement({
  description: 'The next release as this member will receive it, priced for them.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    title: t.exposeString('title'),
    chargeOn: t.exposeString('chargeOn'),
    customizeThrough: t.exposeString('customizeThrough', {
      description: 'The last day (YYYY-MM-DD) to swap, add or skip.',
    }),
    canChange: t.exposeBoolean('canChange'),
    skipped: t.exposeBoolean('skipped'),
    customized: t.exposeBoolean('customized'),
    lines: t.field({ type: [MemberReleaseLineType], resolve: (release) => release.lines }),
    subtotalCents: t.exposeInt('subtotalCents'),
    totalCents: t.exposeInt('totalCents', {
      description: 'What the card is charged: subtotal, tax and any delivery or shipping fee.',
    }),
    unavailable: t.exposeString('unavailable', { nullable: true }),
  }),
});

const PastShipmentType = builder.objectRef<PastShipment>('PastClubShipment').implement({
  fields: (t) => ({
    releaseTitle: t.exposeString('releaseTitle'),
    chargeOn: t.exposeString('chargeOn'),
    outcome: t.exposeString('outcome'),
    orderId: t.exposeInt('orderId', { nullable: true }),
    orderNumber: t.exposeString('orderNumber', { nullable: true }),
    amountCents: t.exposeInt('amountCents', { nullable: true }),
    problems: t.stringList({
      description: 'Why the release was held, in words for the member.',
      resolve: (shipment) =>
        shipment.holdReasons.map((reason) => HOLD_MESSAGES[reason as HoldReason]),
    }),
    declineMessage: t.exposeString('declineMessage', { nullable: true }),
    nextTryOn: t.exposeString('nextTryOn', { nullable: true }),
  }),
});

const SwapChoiceType = builder.objectRef<SwapChoice>('ClubSwapChoice').implement({
  fields: (t) => ({
    productId: t.exposeInt('productId'),
    name: t.exposeString('name'),
    memberPriceCents: t.exposeInt('memberPriceCents'),
  }),
});

const SavedCardType = builder
  .objectRef<{ brand: string; last4: string; expMonth: number; expYear: number }>('SavedCard')
  .implement({
    fields: (t) => ({
      brand: t.exposeString('brand'),
      last4: t.exposeString('last4'),
      expMonth: t.exposeInt('expMonth'),
      expYear: t.exposeInt('expYear'),
    }),
  });

export const MembershipType = builder.objectRef<MembershipView>('Membership');
MembershipType.implement({
  description: 'A buyer’s membership of a club, as its member sees it.',
  fields: (t) => ({
    id: t.int({ resolve: (view) => view.membership.id }),
    status: t.string({ resolve: (view) => view.membership.status }),
    pausedUntil: t.string({ nullable: true, resolve: (view) => view.membership.paused_until }),
    joinedOn: t.string({ resolve: (view) => view.membership.joined_on }),
    clubName: t.string({ resolve: (view) => view.club.name }),
    isSubscription: t.boolean({ resolve: (view) => view.membership.cadence !== null }),
    cadence: t.string({
      description: 'The club’s cadence, or a subscriber’s own (monthly, every_2_months, …).',
      resolve: (view) => view.membership.cadence ?? view.club.cadence,
    }),
    nextChargeOn: t.string({
      nullable: true,
      description: 'A subscriber’s next order date (YYYY-MM-DD); null in a club.',
      resolve: (view) => view.membership.next_charge_on,
    }),
    clubSlug: t.string({ resolve: (view) => view.club.slug }),
    businessName: t.string({ resolve: (view) => view.business.name }),
    businessSlug: t.string({ resolve: (view) => view.business.slug }),
    skipsPerYear: t.int({ resolve: (view) => view.club.skips_per_year }),
    skipsUsed: t.exposeInt('skipsUsed'),
    offersPickup: t.boolean({ resolve: (view) => view.club.offers_pickup }),
    offersDelivery: t.boolean({ resolve: (view) => view.club.offers_delivery }),
    offersShipping: t.boolean({ resolve: (view) => view.club.offers_shipping }),
    tier: t.field({ type: ClubTierType, resolve: (view) => ({ ...view.tier, club: view.club }) }),
    tiers: t.field({
      type: [ClubTierType],
      resolve: (view) => view.tiers.map((tier) => ({ ...tier, club: view.club })),
    }),
    fulfillmentMode: t.string({ resolve: (view) => view.membership.fulfillment_mode }),
    address: t.field({
      type: OrderAddressType,
      nullable: true,
      resolve: (view) => view.membership.address,
    }),
    card: t.field({
      type: SavedCardType,
      resolve: ({ membership }) => ({
        brand: membership.card_brand,
        last4: membership.card_last4,
        expMonth: membership.card_exp_month,
        expYear: membership.card_exp_year,
      }),
    }),
    renewalTerms: t.string({ resolve: (view) => view.membership.renewal_terms }),
    nextRelease: t.field({
      type: MemberReleaseType,
      nullable: true,
      resolve: (view) => view.nextRelease,
    }),
    history: t.field({ type: [PastShipmentType], resolve: (view) => view.history }),
    swapChoices: t.field({
      type: [SwapChoiceType],
      description: 'The producer’s products the member may swap in, at the member price.',
      resolve: (view, _args, ctx) => swapChoices(ctx, view),
    }),
  }),
});

const ReleaseLineInput = builder.inputType('ClubReleaseLineInput', {
  fields: (t) => ({
    productId: t.int({ required: true }),
    quantity: t.int({ required: true }),
  }),
});

const JoinClubInput = builder.inputType('JoinClubInput', {
  fields: (t) => ({
    idempotencyKey: t.string({ required: true }),
    tierId: t.int({ required: true }),
    cadence: t.string({
      description: 'A product subscription’s cadence (monthly, every_2_months, …); not for a club.',
    }),
    mode: t.string({ required: true, description: '"pickup", "delivery" or "ship".' }),
    address: t.field({ type: OrderAddressInput }),
    phone: t.string({ required: true }),
    payment: t.field({ type: PaymentInput, required: true }),
    renewalConsent: t.boolean({
      required: true,
      description: 'The separate consent to automatic renewal; it must be true.',
    }),
  }),
});

builder.queryFields((t) => ({
  myMemberships: t.field({
    type: [MembershipType],
    description: 'The viewer’s club memberships, live ones first.',
    resolve: (_root, _args, ctx) => myMemberships(ctx),
  }),
  membership: t.field({
    type: MembershipType,
    description: 'One of the viewer’s memberships.',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => membershipView(ctx, args.id),
  }),
}));

/** Every member change answers with the membership as it now is. */
const reread = async (ctx: Parameters<typeof membershipView>[0], id: number) =>
  membershipView(ctx, id);

builder.mutationFields((t) => ({
  joinClub: t.field({
    type: MembershipType,
    description: 'Joins an open club: 21+, a tier, delivery, a saved card and the renewal consent.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      clubSlug: t.arg.string({ required: true }),
      input: t.arg({ type: JoinClubInput, required: true }),
    },
    resolve: async (_root, { businessSlug, clubSlug, input }, ctx) => {
      const joined = await joinClub(ctx, businessSlug, clubSlug, input as never);
      return reread(ctx, joined.id);
    },
  }),
  changeClubReleaseLines: t.field({
    type: MembershipType,
    args: {
      membershipId: t.arg.int({ required: true }),
      releaseId: t.arg.int({ required: true }),
      lines: t.arg({ type: [ReleaseLineInput], required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await changeReleaseLines(ctx, args.membershipId, args.releaseId, args.lines);
      return reread(ctx, args.membershipId);
    },
  }),
  skipClubRelease: t.field({
    type: MembershipType,
    args: {
      membershipId: t.arg.int({ required: true }),
      releaseId: t.arg.int({ required: true }),
      skip: t.arg.boolean({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await skipRelease(ctx, args.membershipId, args.releaseId, args.skip);
      return reread(ctx, args.membershipId);
    },
  }),
  pauseMembership: t.field({
    type: MembershipType,
    description: 'Pauses until a date (YYYY-MM-DD), or resumes now when `until` is null.',
    args: { membershipId: t.arg.int({ required: true }), until: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      await pauseMembership(ctx, args.membershipId, args.until ?? null);
      return reread(ctx, args.membershipId);
    },
  }),
  cancelMembership: t.field({
    type: MembershipType,
    args: { membershipId: t.arg.int({ required: true }), reason: t.arg.string() },
    resolve: async (_root, args, ctx) => {
      await cancelMembership(ctx, args.membershipId, args.reason ?? null);
      return reread(ctx, args.membershipId);
    },
  }),
  changeMembershipTier: t.field({
    type: MembershipType,
    args: { membershipId: t.arg.int({ required: true }), tierId: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await changeTier(ctx, args.membershipId, args.tierId);
      return reread(ctx, args.membershipId);
    },
  }),
  changeMembershipDelivery: t.field({
    type: MembershipType,
    args: {
      membershipId: t.arg.int({ required: true }),
      mode: t.arg.string({ required: true }),
      address: t.arg({ type: OrderAddressInput }),
    },
    resolve: async (_root, args, ctx) => {
      await changeDelivery(ctx, args.membershipId, { mode: args.mode, address: args.address });
      return reread(ctx, args.membershipId);
    },
  }),
  updateMembershipCard: t.field({
    type: MembershipType,
    description: 'Saves a new card; a charge waiting for its retry is tried again at once.',
    args: {
      membershipId: t.arg.int({ required: true }),
      idempotencyKey: t.arg.string({ required: true }),
      payment: t.arg({ type: PaymentInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await ownMembership(ctx, args.membershipId);
      await updateCard(ctx, args.membershipId, {
        idempotencyKey: args.idempotencyKey,
        payment: args.payment,
      });
      return reread(ctx, args.membershipId);
    },
  }),
}));
