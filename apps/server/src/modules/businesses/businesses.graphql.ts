import { formatPhoneNumber } from '@bevy/core/contact';
import { builder } from '../../graphql/builder';
import {
  addressUpdateSchema,
  businessUpdateSchema,
  fulfillmentFeesSchema,
  newBusinessSchema,
} from '@bevy/core/business-schemas';
import type { GraphqlContext } from '../../graphql/context';
import { badInput, fromZodError, notFound } from '../../platform/domain-error';
import {
  forgetWorkplaces,
  managesBusiness,
  requireMember,
  requireViewer,
} from '../../platform/access';
import {
  BoolSet,
  FloatSet,
  NullableIntSet,
  NullableStringSet,
  StringListSet,
  StringSet,
} from '../../graphql/set-inputs';
import { buyerKindOfViewer } from '../accounts/index';
import { stripeInfoJson } from '../payments/index';
import { TagType, TagWhereUniqueInput } from '../tags/tags.graphql';
import { BUSINESS_TYPE_CATEGORY, type TagRow } from '../tags/index';
import {
  createWorkplace,
  findAddress,
  findBusinessById,
  findBusinessBySlug,
  formatAddress,
  listBusinessesBySlug,
  replaceBusinessTags,
  updateAddressFields,
  updateBusinessFees,
  updateBusinessFields,
  valuesFromSetForm,
  type AddressRow,
  type BusinessRow,
} from './businesses.service';
import { fulfillmentFeesOf } from './fulfillment-offer';
import { FulfillmentFeesInput, FulfillmentFeesType } from './fulfillment-fees.graphql';

export const AddressType = builder.objectRef<AddressRow>('Address');

AddressType.implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    street_number: t.exposeString('street_number', { nullable: true }),
    route: t.exposeString('route', { nullable: true }),
    locality: t.exposeString('locality', { nullable: true }),
    administrative_area_level_1: t.exposeString('administrative_area_level_1', { nullable: true }),
    administrative_area_level_2: t.exposeString('administrative_area_level_2', { nullable: true }),
    country: t.exposeString('country', { nullable: true }),
    postal_code: t.exposeString('postal_code', { nullable: true }),
    googlePlaceId: t.exposeString('google_place_id', { nullable: true }),
    formatted_address: t.string({ resolve: (address) => formatAddress(address) }),
    latitude: t.exposeFloat('latitude', { nullable: true }),
    longitude: t.exposeFloat('longitude', { nullable: true }),
  }),
});

const nullableString = (column: keyof BusinessRow) => ({
  nullable: true as const,
  resolve: (business: BusinessRow) => business[column] as string | null,
});

/** The viewer's price list, asked once per request however many businesses are shown. */
/** The tags of a business that are business types ("Winery", "Brewery", ...). */
async function businessTypesOf(
  ctx: Pick<GraphqlContext, 'loaders'>,
  businessId: number,
): Promise<TagRow[]> {
  const businessTags = await ctx.loaders.tagsByBusiness.load(businessId);
  const categoryIds = [
    ...new Set(businessTags.map((tag) => tag.categorized_by_id).filter((id) => id !== null)),
  ];
  const categories = await Promise.all(categoryIds.map((id) => ctx.loaders.tagById.load(id)));
  const businessTypeCategory = categories.find(
    (category) => category?.name === BUSINESS_TYPE_CATEGORY,
  );
  return businessTypeCategory
    ? businessTags.filter((tag) => tag.categorized_by_id === businessTypeCategory.id)
    : [];
}

const viewerKinds = new WeakMap<GraphqlContext, ReturnType<typeof buyerKindOfViewer>>();
function viewerKindOnce(ctx: GraphqlContext) {
  let kind = viewerKinds.get(ctx);
  if (!kind) {
    kind = buyerKindOfViewer(ctx);
    viewerKinds.set(ctx, kind);
  }
  return kind;
}

export const BusinessType = builder.objectRef<BusinessRow>('Business');

BusinessType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    description: t.exposeString('description'),
    license_info: t.string(nullableString('license_info')),
    international_phone_number: t.string(nullableString('international_phone_number')),
    phoneNumberDisplay: t.string({
      nullable: true,
      description:
        'The phone number as buyers read it ("+1 503 555 0142"), formatted here so that the ' +
        "business page does without the browser's copy of the world's numbering plans.",
      resolve: (business) =>
        business.international_phone_number
          ? formatPhoneNumber(business.international_phone_number)
          : null,
    }),
    stripe_account_id: t.string({
      nullable: true,
      description: 'The connected payment account; only its sellers and admins see it.',
      resolve: async (business, _args, ctx) =>
        (await managesBusiness(ctx, business.id)) ? business.stripe_account_id : null,
    }),
    heroImgUrl: t.string(nullableString('hero_img_url')),
    logoImgUrl: t.string(nullableString('logo_img_url')),
    website: t.string(nullableString('website')),
    twitter: t.string(nullableString('twitter')),
    instagram: t.string(nullableString('instagram')),
    facebook: t.string(nullableString('facebook')),
    linkedin: t.string(nullableString('linkedin')),
    sales_tax_rate: t.float({
      description: "'Tax + Fees Percent Rate', e.g. 8.875",
      resolve: (business) => Number(business.sales_tax_rate),
    }),
    addresses: t.field({
      type: [AddressType],
      resolve: (business, _args, ctx) => ctx.loaders.addressesByBusiness.load(business.id),
    }),
    businessTypes: t.field({
      type: [TagType],
      resolve: (business, _args, ctx) => businessTypesOf(ctx, business.id),
    }),
    tags: t.field({
      type: [TagType],
      resolve: (business, _args, ctx) => ctx.loaders.tagsByBusiness.load(business.id),
    }),
    fulfillment_allow_pickup_retail: t.exposeBoolean('fulfillment_allow_pickup_retail'),
    fulfillment_allow_pickup_wholesale: t.exposeBoolean('fulfillment_allow_pickup_wholesale'),
    fulfillment_deliver_retail: t.exposeBoolean('fulfillment_deliver_retail'),
    fulfillment_deliver_wholesale: t.exposeBoolean('fulfillment_deliver_wholesale'),
    fulfillment_ship_retail: t.exposeBoolean('fulfillment_ship_retail'),
    fulfillment_ship_wholesale: t.exposeBoolean('fulfillment_ship_wholesale'),
    fulfillment_deliver_retail_radius_miles: t.exposeInt(
      'fulfillment_deliver_retail_radius_miles',
      { nullable: true },
    ),
    fulfillment_deliver_wholesale_radius_miles: t.exposeInt(
      'fulfillment_deliver_wholesale_radius_miles',
      { nullable: true },
    ),
    ship_to_states: t.exposeStringList('ship_to_states', {
      description: 'Postal codes of the US states the business is licensed to ship to.',
    }),
    fulfillmentFees: t.field({
      type: FulfillmentFeesType,
      description: 'What delivery and shipping cost from this producer, and its delivery minimum.',
      resolve: (business) => fulfillmentFeesOf(business),
    }),
    pickup_hours: t.string({
      ...nullableString('pickup_hours'),
      description: 'When buyers can pick up orders; free text that may span lines.',
    }),
    wholesale_invoice_terms_days: t.int({
      nullable: true,
      description:
        'Days approved wholesale buyers get to pay an invoice (15, 30, 45 or 60); null when the ' +
        'business takes no invoices. Private wholesale terms: only its sellers, admins and approved ' +
        'wholesale buyers see them; null for everyone else.',
      resolve: async (business, _args, ctx) => {
        const days = business.wholesale_invoice_terms_days;
        if (days === null) return null;
        if (await managesBusiness(ctx, business.id)) return days;
        return (await viewerKindOnce(ctx)) === 'wholesale' ? days : null;
      },
    }),
  }),
});

const StringFilter = builder.inputType('StringFilter', {
  fields: (t) => ({ equals: t.string() }),
});

const BusinessWhereInput = builder.inputType('BusinessWhereInput', {
  fields: (t) => ({ slug: t.field({ type: StringFilter }) }),
});

builder.queryFields((t) => ({
  business: t.field({
    type: BusinessType,
    nullable: true,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => findBusinessBySlug(ctx, args.slug),
  }),
  businesses: t.field({
    type: [BusinessType],
    description: 'Businesses matching `where`; the public and edit pages use the first.',
    args: { where: t.arg({ type: BusinessWhereInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const slug = args.where.slug?.equals;
      return slug ? listBusinessesBySlug(ctx, slug) : [];
    },
  }),
  myStripeInfo: t.string({
    nullable: true,
    description:
      'Payment account state of a business the caller works at, as a JSON string such as ' +
      '{"charges_enabled":true,"details_submitted":true}.',
    args: { slug: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const business = await businessForMember(ctx, args.slug);
      return stripeInfoJson(ctx, business.id);
    },
  }),
}));

const BusinessUpdateInput = builder.inputType('BusinessUpdateInput', {
  fields: (t) => ({
    name: t.field({ type: StringSet }),
    description: t.field({ type: StringSet }),
    license_info: t.field({ type: NullableStringSet }),
    international_phone_number: t.field({ type: NullableStringSet }),
    heroImgUrl: t.field({ type: NullableStringSet }),
    logoImgUrl: t.field({ type: NullableStringSet }),
    website: t.field({ type: NullableStringSet }),
    twitter: t.field({ type: NullableStringSet }),
    instagram: t.field({ type: NullableStringSet }),
    facebook: t.field({ type: NullableStringSet }),
    linkedin: t.field({ type: NullableStringSet }),
    sales_tax_rate: t.field({ type: FloatSet }),
    fulfillment_allow_pickup_retail: t.field({ type: BoolSet }),
    fulfillment_allow_pickup_wholesale: t.field({ type: BoolSet }),
    fulfillment_deliver_retail: t.field({ type: BoolSet }),
    fulfillment_deliver_wholesale: t.field({ type: BoolSet }),
    fulfillment_ship_retail: t.field({ type: BoolSet }),
    fulfillment_ship_wholesale: t.field({ type: BoolSet }),
    fulfillment_deliver_retail_radius_miles: t.field({ type: NullableIntSet }),
    fulfillment_deliver_wholesale_radius_miles: t.field({ type: NullableIntSet }),
    ship_to_states: t.field({ type: StringListSet }),
    pickup_hours: t.field({ type: NullableStringSet }),
    wholesale_invoice_terms_days: t.field({ type: NullableIntSet }),
  }),
});

const AddressUpdateInput = builder.inputType('AddressUpdateInput', {
  fields: (t) => ({
    street_number: t.field({ type: NullableStringSet }),
    route: t.field({ type: NullableStringSet }),
    locality: t.field({ type: NullableStringSet }),
    administrative_area_level_1: t.field({ type: NullableStringSet }),
    administrative_area_level_2: t.field({ type: NullableStringSet }),
    country: t.field({ type: NullableStringSet }),
    postal_code: t.field({ type: NullableStringSet }),
  }),
});

const NewAddressInput = builder.inputType('NewAddressInput', {
  fields: (t) => ({
    street_number: t.string(),
    route: t.string(),
    locality: t.string(),
    administrative_area_level_1: t.string(),
    postal_code: t.string(),
  }),
});

const CreateBusinessInput = builder.inputType('CreateBusinessInput', {
  fields: (t) => ({
    address: t.field({ type: NewAddressInput }),
    name: t.string({ required: true }),
    slug: t.string(),
    description: t.string(),
    website: t.string(),
    international_phone_number: t.string(),
    sales_tax_rate: t.float(),
  }),
});

const WorkplaceType = builder.objectRef<Pick<BusinessRow, 'id' | 'name' | 'slug'>>('Workplace');
WorkplaceType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
  }),
});

/** The business at `slug` for a member of it, or NOT_FOUND / UNAUTHENTICATED / FORBIDDEN. */
async function businessForMember(ctx: GraphqlContext, slug: string): Promise<BusinessRow> {
  requireViewer(ctx);
  const business = await findBusinessBySlug(ctx, slug);
  if (!business) throw notFound('There is no business at that address.');
  await requireMember(ctx, business.id);
  return business;
}

builder.mutationFields((t) => ({
  updateBusiness: t.field({
    type: BusinessType,
    nullable: true,
    description: 'Changes the fields given in set form; members of the business only.',
    args: {
      slug: t.arg.string({ required: true }),
      update: t.arg({ type: BusinessUpdateInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const business = await businessForMember(ctx, args.slug);
      const parsed = businessUpdateSchema.safeParse(valuesFromSetForm(args.update));
      if (!parsed.success) throw fromZodError(parsed.error);
      const updated = await updateBusinessFields(ctx, business.id, parsed.data);
      return updated;
    },
  }),
  updateFulfillmentFees: t.field({
    type: BusinessType,
    description:
      'Replaces the delivery and shipping fees and minimums of a business; members only. Bad ' +
      'values are refused with BAD_USER_INPUT and an error per field (e.g. ' +
      '"delivery_fee_bands.1.within_miles").',
    args: {
      slug: t.arg.string({ required: true }),
      fees: t.arg({ type: FulfillmentFeesInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const business = await businessForMember(ctx, args.slug);
      const parsed = fulfillmentFeesSchema.safeParse(args.fees);
      if (!parsed.success) throw fromZodError(parsed.error);
      const updated = await updateBusinessFees(ctx, business.id, parsed.data);
      // The product tiles show the terms.
      return updated;
    },
  }),
  tagBusinessWithTags: t.field({
    type: BusinessType,
    nullable: true,
    description: 'Replaces the tags of a business; members of the business only.',
    args: {
      businessId: t.arg.int({ required: true }),
      tags: t.arg({ type: [TagWhereUniqueInput], required: true }),
    },
    resolve: async (_root, args, ctx) => {
      requireViewer(ctx);
      const business = await findBusinessById(ctx, args.businessId);
      if (!business) throw notFound('There is no such business.');
      await requireMember(ctx, business.id);
      if (args.tags.length > 100) throw badInput('Use at most 100 tags.', 'tags');
      await replaceBusinessTags(
        ctx,
        business.id,
        args.tags.map((tag) => tag.id),
      );
      ctx.loaders.tagsByBusiness.clear(business.id);
      // Its business types are in the business index.
      return business;
    },
  }),
  updateAddress: t.field({
    type: AddressType,
    nullable: true,
    description: 'Changes address fields in set form; members of its business only.',
    args: {
      addressId: t.arg.string({ required: true }),
      data: t.arg({ type: AddressUpdateInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      requireViewer(ctx);
      const address = await findAddress(ctx, args.addressId);
      if (!address) throw notFound('There is no such address.');
      await requireMember(ctx, address.business_id);
      const parsed = addressUpdateSchema.safeParse(valuesFromSetForm(args.data));
      if (!parsed.success) throw fromZodError(parsed.error);
      const updated = await updateAddressFields(ctx, address.id, parsed.data);
      return updated;
    },
  }),
  upsertWorkplace: t.field({
    type: WorkplaceType,
    nullable: true,
    description: 'Creates a business that the caller works at.',
    args: { works_at: t.arg({ type: CreateBusinessInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const parsed = newBusinessSchema.safeParse(args.works_at);
      if (!parsed.success) throw fromZodError(parsed.error);
      const business = await createWorkplace(ctx, viewer.id, parsed.data);
      // The caller works somewhere new: checks later in this request must know.
      forgetWorkplaces(viewer);
      return business;
    },
  }),
}));
