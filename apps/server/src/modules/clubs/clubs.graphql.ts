import {
  CLUB_CADENCES,
  CLUB_PRICE_BASES,
  isoDate,
  scheduledChargeDates,
  SUBSCRIPTION_CADENCES,
  type ClubCadence,
} from '@bevy/core';
import { builder } from '../../graphql/builder';
import { BusinessType } from '../businesses/businesses.graphql';
import { liveMembershipId, renewalTermsOf } from './memberships.service';
import {
  createClub,
  createSubscription,
  listClubsToManage,
  openClubsOf,
  publicClub,
  setClubStatus,
  type ClubRow,
  type ClubTierRow,
  type ClubWithTiers,
} from './clubs.service';

const ClubCadenceType = builder.enumType('ClubCadence', { values: CLUB_CADENCES });
const ClubPriceBasisType = builder.enumType('ClubPriceBasis', { values: CLUB_PRICE_BASES });
const ClubStatusType = builder.enumType('ClubStatus', { values: ['draft', 'open', 'closed'] });
const SubscriptionCadenceType = builder.enumType('SubscriptionCadence', {
  values: SUBSCRIPTION_CADENCES,
});

const RenewalTermsType = builder
  .objectRef<{ cadence: ClubCadence; text: string }>('RenewalTerms')
  .implement({
    description: 'The words of the automatic renewal at one cadence.',
    fields: (t) => ({
      cadence: t.field({ type: ClubCadenceType, resolve: (terms) => terms.cadence }),
      text: t.exposeString('text'),
    }),
  });

const SubscribedProductType = builder
  .objectRef<{ id: number; name: string; bottleImageUrl: string | null }>('SubscribedProduct')
  .implement({
    description: 'The product a subscription delivers.',
    fields: (t) => ({
      id: t.exposeInt('id'),
      name: t.exposeString('name'),
      bottleImageUrl: t.exposeString('bottleImageUrl', { nullable: true }),
    }),
  });

/** How many coming charge dates a club lists. */
const UPCOMING_RELEASES = 3;

/** A tier with its club, whose name, cadence and discount its renewal terms state. */
type TierOfClub = ClubTierRow & { club: ClubRow };

export const ClubTierType = builder.objectRef<TierOfClub>('ClubTier');
ClubTierType.implement({
  description: 'What one release of a club holds, and how it is priced.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    bottles: t.exposeInt('bottles'),
    priceBasis: t.field({ type: ClubPriceBasisType, resolve: (tier) => tier.price_basis }),
    fixedPriceCents: t.exposeInt('fixed_price_cents', { nullable: true }),
    renewalTerms: t.string({
      description:
        'The automatic renewal a member of this tier agrees to, naming amount and cadence.',
      resolve: ({ club, ...tier }) => renewalTermsOf(club, tier),
    }),
    renewalTermsByCadence: t.field({
      type: [RenewalTermsType],
      description:
        'The renewal terms at each cadence a member may choose: the club’s own, or each of a subscription’s.',
      resolve: ({ club, ...tier }) =>
        (club.subscription_cadences ?? [club.cadence]).map((cadence) => ({
          cadence,
          text: renewalTermsOf(club, tier, cadence),
        })),
    }),
  }),
});

export const ClubType = builder.objectRef<ClubWithTiers>('Club');
ClubType.implement({
  description: 'A membership a producer runs, with releases charged on a schedule.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    slug: t.exposeString('slug'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    imageUrl: t.string({
      nullable: true,
      description: 'The club’s picture; a subscription shows its product’s.',
      resolve: async (club, _args, ctx) =>
        club.image_path ??
        (club.product_id === null
          ? null
          : ((await ctx.loaders.subscribedProductById.load(club.product_id))?.bottleImageUrl ??
            null)),
    }),
    cadence: t.field({ type: ClubCadenceType, resolve: (club) => club.cadence }),
    isSubscription: t.boolean({
      description: 'A product subscription: each member’s orders come on their own cadence.',
      resolve: (club) => club.subscription_cadences !== null,
    }),
    subscriptionCadences: t.field({
      type: [ClubCadenceType],
      nullable: true,
      description: 'The cadences a subscriber may choose; null for a club.',
      resolve: (club) => club.subscription_cadences,
    }),
    product: t.field({
      type: SubscribedProductType,
      nullable: true,
      description: 'The product a subscription delivers; null for a club, or once it is deleted.',
      resolve: async (club, _args, ctx) =>
        club.product_id === null ? null : ctx.loaders.subscribedProductById.load(club.product_id),
    }),
    firstReleaseOn: t.exposeString('first_release_on', { nullable: true }),
    memberDiscountBasisPoints: t.exposeInt('member_discount_bp'),
    noticeDays: t.exposeInt('notice_days'),
    cutoffDays: t.exposeInt('cutoff_days'),
    skipsPerYear: t.exposeInt('skips_per_year'),
    minimumReleases: t.exposeInt('minimum_releases'),
    offersPickup: t.exposeBoolean('offers_pickup'),
    offersDelivery: t.exposeBoolean('offers_delivery'),
    offersShipping: t.exposeBoolean('offers_shipping'),
    status: t.field({ type: ClubStatusType, resolve: (club) => club.status }),
    tiers: t.field({
      type: [ClubTierType],
      resolve: (club) => club.tiers.map((tier) => ({ ...tier, club })),
    }),
    upcomingChargeDates: t.stringList({
      description: `The next ${UPCOMING_RELEASES} charge dates (YYYY-MM-DD) of a scheduled club; none on release dates.`,
      resolve: (club, _args, ctx) =>
        club.cadence === 'release_dates' ||
        club.first_release_on === null ||
        club.subscription_cadences !== null
          ? []
          : scheduledChargeDates(
              club.cadence,
              club.first_release_on,
              isoDate(ctx.clock.now()),
              UPCOMING_RELEASES,
            ),
    }),
  }),
});

const ClubTierInput = builder.inputType('ClubTierInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    bottles: t.int({ required: true }),
    priceBasis: t.field({ type: ClubPriceBasisType, required: true }),
    fixedPriceCents: t.int(),
  }),
});

const ClubInput = builder.inputType('ClubInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string({ required: true }),
    cadence: t.field({ type: ClubCadenceType, required: true }),
    firstReleaseOn: t.string({ description: 'YYYY-MM-DD; not for a club on release dates.' }),
    memberDiscountBasisPoints: t.int({ required: true, description: '1500 for 15% off.' }),
    noticeDays: t.int(),
    cutoffDays: t.int(),
    skipsPerYear: t.int({ required: true }),
    minimumReleases: t.int({ required: true }),
    offersPickup: t.boolean({ required: true }),
    offersDelivery: t.boolean({ required: true }),
    offersShipping: t.boolean({ required: true }),
    imageUrl: t.string({ description: 'An uploaded image (/uploads/…), or none.' }),
    tiers: t.field({ type: [ClubTierInput], required: true }),
  }),
});

builder.queryField('clubsToManage', (t) =>
  t.field({
    type: [ClubType],
    description: 'Every club of a business, drafts included. People who work there only.',
    args: { businessSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => listClubsToManage(ctx, args.businessSlug),
  }),
);

builder.mutationField('createClub', (t) =>
  t.field({
    type: ClubType,
    description: 'Creates a draft club with its tiers. People who work at the business only.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      input: t.arg({ type: ClubInput, required: true }),
    },
    resolve: (_root, { businessSlug, input }, ctx) =>
      createClub(ctx, businessSlug, {
        ...input,
        firstReleaseOn: input.firstReleaseOn ?? null,
        noticeDays: input.noticeDays ?? undefined,
        imageUrl: input.imageUrl ?? null,
        cutoffDays: input.cutoffDays ?? undefined,
        tiers: input.tiers.map((tier) => ({
          ...tier,
          fixedPriceCents: tier.fixedPriceCents ?? null,
        })),
      }),
  }),
);

const SubscriptionInput = builder.inputType('SubscriptionInput', {
  fields: (t) => ({
    productId: t.int({ required: true }),
    description: t.string({ required: true }),
    cadences: t.field({ type: [SubscriptionCadenceType], required: true }),
    quantities: t.intList({ required: true, description: 'Units of the product an order holds.' }),
    memberDiscountBasisPoints: t.int({ required: true, description: '1000 for 10% off.' }),
    skipsPerYear: t.int({ required: true }),
    offersPickup: t.boolean({ required: true }),
    offersDelivery: t.boolean({ required: true }),
    offersShipping: t.boolean({ required: true }),
  }),
});

builder.mutationField('createSubscription', (t) =>
  t.field({
    type: ClubType,
    description:
      'Creates a draft product subscription (a club of one product, on each subscriber’s cadence). People who work at the business only.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      input: t.arg({ type: SubscriptionInput, required: true }),
    },
    resolve: (_root, { businessSlug, input }, ctx) => createSubscription(ctx, businessSlug, input),
  }),
);

type PublicClub = Awaited<ReturnType<typeof publicClub>>;

const ClubPageType = builder.objectRef<PublicClub>('ClubPage').implement({
  description: 'A club’s public page: the club, its producer, and whether the viewer is a member.',
  fields: (t) => ({
    club: t.field({ type: ClubType, resolve: (page) => page }),
    businessName: t.string({ resolve: (page) => page.business.name }),
    businessSlug: t.string({ resolve: (page) => page.business.slug }),
    shipsToStates: t.stringList({ resolve: (page) => page.business.ship_to_states }),
    viewerMembershipId: t.int({
      nullable: true,
      description: 'The viewer’s live membership of this club, if any.',
      resolve: (page, _args, ctx) => liveMembershipId(ctx, page.id),
    }),
  }),
});

builder.queryFields((t) => ({
  club: t.field({
    type: ClubPageType,
    description: 'An open club (its people also see drafts and closed ones).',
    args: {
      businessSlug: t.arg.string({ required: true }),
      clubSlug: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => publicClub(ctx, args.businessSlug, args.clubSlug),
  }),
}));

builder.objectField(BusinessType, 'clubs', (t) =>
  t.field({
    type: [ClubType],
    description: 'The business’s clubs that are taking members.',
    resolve: (business, _args, ctx) => openClubsOf(ctx, business.id),
  }),
);

builder.mutationField('setClubStatus', (t) =>
  t.field({
    type: ClubType,
    description: 'Opens a club to members, or closes it to new ones. People who work there only.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      clubSlug: t.arg.string({ required: true }),
      open: t.arg.boolean({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await setClubStatus(ctx, args.businessSlug, args.clubSlug, args.open ? 'open' : 'closed');
      return publicClub(ctx, args.businessSlug, args.clubSlug);
    },
  }),
);
