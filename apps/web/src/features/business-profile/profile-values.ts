import { formatPhoneNumber } from '@bevy/core/contact';
import type { AddressField } from './address-fields';
import type { BusinessProfile } from './api/profile';
import type { AddressFields, ProfileField, ProfileFields } from './use-profile-autosave';

/** Fields typed as free text that may be empty: emptied, they are sent as null (none). */
const OPTIONAL_TEXT_FIELDS = [
  'website',
  'international_phone_number',
  'instagram',
  'twitter',
  'facebook',
  'linkedin',
  'pickup_hours',
  'license_info',
] as const;
type TextField = 'name' | 'description' | (typeof OPTIONAL_TEXT_FIELDS)[number];
export type SocialField = 'instagram' | 'twitter' | 'facebook' | 'linkedin';

/** The page's fields as the inputs hold them: text as typed, the rate as NumberInput has it. */
export type ProfileValues = Omit<ProfileFields, TextField | 'sales_tax_rate'> &
  Record<TextField, string> & { sales_tax_rate: number | string };

export function initialProfileValues(business: BusinessProfile): ProfileValues {
  const phone = business.international_phone_number;
  return {
    name: business.name,
    description: business.description,
    // Stored as +15035550142; shown grouped, which reads back as the same number.
    international_phone_number: phone ? formatPhoneNumber(phone) : '',
    website: business.website ?? '',
    instagram: business.instagram ?? '',
    twitter: business.twitter ?? '',
    facebook: business.facebook ?? '',
    linkedin: business.linkedin ?? '',
    sales_tax_rate: business.sales_tax_rate,
    heroImgUrl: business.heroImgUrl,
    logoImgUrl: business.logoImgUrl,
    license_info: business.license_info ?? '',
    fulfillment_allow_pickup_retail: business.fulfillment_allow_pickup_retail,
    fulfillment_allow_pickup_wholesale: business.fulfillment_allow_pickup_wholesale,
    fulfillment_deliver_retail: business.fulfillment_deliver_retail,
    fulfillment_deliver_wholesale: business.fulfillment_deliver_wholesale,
    fulfillment_ship_retail: business.fulfillment_ship_retail,
    fulfillment_ship_wholesale: business.fulfillment_ship_wholesale,
    fulfillment_deliver_retail_radius_miles: business.fulfillment_deliver_retail_radius_miles,
    fulfillment_deliver_wholesale_radius_miles: business.fulfillment_deliver_wholesale_radius_miles,
    ship_to_states: business.ship_to_states,
    pickup_hours: business.pickup_hours ?? '',
    wholesale_invoice_terms_days: business.wholesale_invoice_terms_days,
  };
}

/** A field's value as UpdateBusiness takes it. */
export function toServerValue<Field extends ProfileField>(
  field: Field,
  value: ProfileValues[Field],
): ProfileFields[Field] {
  if ((OPTIONAL_TEXT_FIELDS as readonly string[]).includes(field)) {
    const text = value as string;
    return (text.trim() === '' ? null : text) as ProfileFields[Field];
  }
  if (field === 'sales_tax_rate') {
    // No required fields on this form (spec 5): an emptied rate means no tax or fees.
    return (value === '' ? 0 : Number(value)) as ProfileFields[Field];
  }
  return value as ProfileFields[Field];
}

export function initialAddressValues(business: BusinessProfile): AddressFields {
  const address = business.addresses[0];
  const value = (field: AddressField) => address?.[field] ?? null;
  return {
    street_number: value('street_number'),
    route: value('route'),
    locality: value('locality'),
    administrative_area_level_1: value('administrative_area_level_1'),
    postal_code: value('postal_code'),
  };
}

/** An address field as UpdateAddress takes it: emptied means none. */
export const toServerAddressValue = (value: string | null) =>
  value === null || value.trim() === '' ? null : value;
