import { SOCIAL_NETWORKS, formatPhoneNumber, normalizePhoneNumber } from '@bevy/core/contact';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from 'urql';
import { BusinessFrame, BusinessLoading, NoBusinessHere } from '../../components/business-frame';
import { businessPath } from '../../components/business-nav';
import { ImageUpload } from '../../components/image-upload';
import { PaymentStatus } from '../../components/payment-status';
import { describeError } from '../../lib/server-error';
import { BusinessAddressFields, type AddressField } from './address-fields';
import { BUSINESS_TYPE_CATEGORY } from './business-type-choices';
import { BusinessTypesEditor } from './business-types-editor';
import { FulfillmentSection } from './fulfillment-section';
import type { NewBusinessNotice } from './new-business-page';
import { BUSINESS_FEES } from './api/fees';
import { GET_BUSINESS_FROM_SLUG, GET_TAGS_FOR_CATEGORY, type BusinessProfile } from './api/profile';
import { ProfileSection } from './profile-section';
import {
  initialAddressValues,
  initialProfileValues,
  toServerAddressValue,
  toServerValue,
  type ProfileValues,
  type SocialField,
} from './profile-values';
import {
  addressErrorKey,
  useProfileAutosave,
  type AddressFields as AddressValues,
  type ProfileField,
  type SaveStatus,
} from './use-profile-autosave';

const BANNER_PROMPT = 'Drag or upload a banner image (.jpg, .png, .gif)';
const LOGO_PROMPT = 'Drag or upload a logo image (.jpg, .png, .gif)';
/** The server's limit for license information (businessUpdateSchema). */
const LICENSE_INFO_MAX_LENGTH = 300;
const SOCIAL_FIELDS: SocialField[] = ['instagram', 'twitter', 'facebook', 'linkedin'];

/**
 * Whether the latest edits have reached the server: a live region kept in a corner of the
 * window, so it is seen wherever the seller is editing, with a way to send again what a lost
 * connection held back.
 */
function SaveStatusLine({
  status,
  pageError,
  onRetry,
}: {
  status: SaveStatus;
  pageError: string | null;
  onRetry: () => void;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      pos="fixed"
      bottom={16}
      right={16}
      maw="calc(100vw - 32px)"
      w={pageError ? 420 : undefined}
      style={{ zIndex: 200 }}
    >
      {status === 'idle' ? null : (
        <Paper withBorder shadow="md" radius="lg" px="md" py={6}>
          <Group gap={6} wrap="nowrap">
            {status === 'saving' ? (
              <>
                <Loader size={14} aria-hidden />
                <Text fz="sm">Saving…</Text>
              </>
            ) : status === 'saved' ? (
              <>
                <IconCheck size={16} aria-hidden color="var(--mantine-color-green-9)" />
                <Text fz="sm">Saved</Text>
              </>
            ) : (
              <>
                <IconAlertCircle size={16} aria-hidden color="var(--mantine-color-red-9)" />
                <Text fz="sm" c="red.9" fw={600}>
                  Some changes are not saved
                </Text>
              </>
            )}
          </Group>
          {pageError && status === 'failed' ? (
            <Stack gap={6} align="flex-start" mt={4} mb={4}>
              <Text fz="sm">{pageError} What you typed is still here.</Text>
              <Button size="compact-sm" variant="default" onClick={onRetry}>
                Try again
              </Button>
            </Stack>
          ) : null}
        </Paper>
      )}
    </Box>
  );
}

/** Scrolls to the section named by the URL's anchor (e.g. #payment) once the page is drawn. */
function useScrollToAnchor() {
  const { hash } = useLocation();
  // Runs when the loaded profile first appears (the browser's own jump came before the
  // sections existed) and when the anchor changes; edits never move the page.
  useEffect(() => {
    const id = hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

function ProfileEditor({ business }: { business: BusinessProfile }) {
  const location = useLocation();
  const notice = (location.state as NewBusinessNotice | null)?.notice ?? null;
  const addressId = business.addresses[0]?.id ?? null;
  const autosave = useProfileAutosave({ slug: business.slug, addressId });
  const { errors } = autosave;
  const [values, setValues] = useState(() => initialProfileValues(business));
  const [address, setAddress] = useState(() => initialAddressValues(business));
  useScrollToAnchor();

  const edit = <Field extends ProfileField>(field: Field, value: ProfileValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    autosave.editBusiness(field, toServerValue(field, value));
  };
  const editAddress = (field: AddressField, value: string | null) => {
    setAddress((current: AddressValues) => ({ ...current, [field]: value }));
    autosave.editAddress(field, toServerAddressValue(value));
  };
  const text = (field: ProfileField & keyof ProfileValues) => ({
    value: values[field] as string,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      edit(field, event.currentTarget.value as never),
    error: errors[field],
  });

  const phone = normalizePhoneNumber(values.international_phone_number);

  return (
    <Stack gap="lg">
      <Text fz="sm">
        Changes to <strong>{values.name || business.name}</strong> save automatically as you type.{' '}
        <Anchor component={Link} to={businessPath(business.slug)}>
          See the public page
        </Anchor>
      </Text>
      <SaveStatusLine
        status={autosave.status}
        pageError={autosave.pageError}
        onRetry={autosave.retry}
      />

      {notice ? (
        <Alert color="yellow" title="Business types not saved">
          {notice}
        </Alert>
      ) : null}
      <ProfileSection
        id="banner"
        title="Banner"
        description="The wide picture at the top of your public page."
      >
        <ImageUpload
          label="Banner image"
          prompt={BANNER_PROMPT}
          slug={business.slug}
          value={values.heroImgUrl}
          onChange={(url) => edit('heroImgUrl', url)}
          error={errors.heroImgUrl}
        />
      </ProfileSection>

      <ProfileSection
        id="logo"
        title="Logo"
        description="Shown beside your name on your public page. A square picture looks best."
      >
        <ImageUpload
          label="Logo image"
          prompt={LOGO_PROMPT}
          slug={business.slug}
          value={values.logoImgUrl}
          onChange={(url) => edit('logoImgUrl', url)}
          error={errors.logoImgUrl}
          previewHeight={120}
        />
      </ProfileSection>

      <ProfileSection
        id="name-and-address"
        title="Name and address"
        description="Buyers find pickup and delivery near them from your ZIP code."
      >
        <TextInput
          label="Business name"
          autoComplete="organization"
          maxLength={120}
          required
          {...text('name')}
        />
        {addressId ? null : (
          <Text fz="sm" c="dimmed">
            This business has no address on file.
          </Text>
        )}
        <BusinessAddressFields
          disabled={!addressId}
          inputProps={(field) => ({
            value: address[field],
            onChange: (input) =>
              editAddress(
                field,
                input === null || typeof input === 'string' ? input : input.currentTarget.value,
              ),
            error: errors[addressErrorKey(field)],
          })}
        />
        <BusinessTypesEditor business={business} />
      </ProfileSection>

      <ProfileSection id="website" title="Website">
        <TextInput
          label="Website address"
          description="Like chalkknoll.com or https://chalkknoll.com/shop. Leave empty for none."
          inputMode="url"
          autoComplete="url"
          maxLength={300}
          {...text('website')}
        />
      </ProfileSection>

      <ProfileSection id="phone" title="Phone">
        <TextInput
          label="Phone number"
          description={
            phone.ok
              ? `Shown to buyers as ${formatPhoneNumber(phone.value)}.`
              : 'A US number like (503) 555-0142, or any number with its country code, like +44 20 7946 0958.'
          }
          type="tel"
          autoComplete="tel"
          maxLength={40}
          {...text('international_phone_number')}
        />
      </ProfileSection>

      <ProfileSection id="tax" title="Tax and fees">
        <NumberInput
          label="Tax + Fees Percent Rate"
          description="A percentage from 0 to 100, up to four decimals, like 8.875. It is added to your orders."
          value={values.sales_tax_rate}
          onChange={(rate) => edit('sales_tax_rate', rate)}
          error={errors.sales_tax_rate}
          min={0}
          max={100}
          decimalScale={4}
          allowNegative={false}
          clampBehavior="strict"
          suffix="%"
          styles={{ wrapper: { maxWidth: 200 } }}
        />
      </ProfileSection>

      <ProfileSection id="description" title="Description">
        <Textarea
          label="Short description"
          description={`Shown on your public page. ${values.description.length} of 2000 characters.`}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={2000}
          {...text('description')}
        />
      </ProfileSection>

      <ProfileSection
        id="license"
        title="Licenses and permits"
        description="The license numbers buyers see on your public page. Leave empty for none."
      >
        <Textarea
          label="License information"
          description={`Like TTB BW-OR-21034; OLCC Winery License 10482. ${values.license_info.length} of ${LICENSE_INFO_MAX_LENGTH} characters.`}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={LICENSE_INFO_MAX_LENGTH}
          {...text('license_info')}
        />
      </ProfileSection>

      <ProfileSection
        id="social"
        title="Social media"
        description="Type a handle, like @chalkknoll, or paste the address of your page. Leave empty for none."
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {SOCIAL_FIELDS.map((network) => (
            <TextInput
              key={network}
              label={SOCIAL_NETWORKS[network].label}
              maxLength={300}
              autoComplete="off"
              {...text(network)}
            />
          ))}
        </SimpleGrid>
      </ProfileSection>

      <FulfillmentSection values={values} errors={errors} edit={edit} />

      <ProfileSection
        id="payment"
        title="Payment connection"
        description="Buyers pay by card; the money reaches your bank through Stripe."
      >
        <PaymentStatus slug={business.slug} />
      </ProfileSection>
    </Stack>
  );
}

/**
 * Loads the whole profile; the frame has already found the business and checked access. The
 * business types and the fees form load their own data; it is asked for here too (the forms then
 * find it in the cache), so the page shows whole and nothing moves under the seller's pointer.
 */
function ProfileLoader({ slug }: { slug: string }) {
  const [{ data, fetching, error }] = useQuery({
    query: GET_BUSINESS_FROM_SLUG,
    variables: { slug },
  });
  const [types] = useQuery({
    query: GET_TAGS_FOR_CATEGORY,
    variables: { tagCategoryName: BUSINESS_TYPE_CATEGORY },
  });
  const [fees] = useQuery({ query: BUSINESS_FEES, variables: { slug } });
  const partsLoading = (types.fetching && !types.data) || (fees.fetching && !fees.data);
  if ((fetching && !data) || partsLoading) return <BusinessLoading />;
  if (error && !data) {
    return (
      <Alert color="red" title="We could not load this profile" role="alert">
        {describeError(error).message}
      </Alert>
    );
  }
  if (!data?.business) return <NoBusinessHere />;
  // Keyed so that the fields are filled once: later answers (after each save) must not
  // overwrite what the user is typing.
  return <ProfileEditor key={data.business.id} business={data.business} />;
}

/** Route /business/:slug/edit: spec "Edit Profile page", saved as the seller types. */
export function EditProfilePage() {
  return (
    <BusinessFrame title={() => 'Edit Public Profile'}>
      {(business) => <ProfileLoader slug={business.slug} />}
    </BusinessFrame>
  );
}
