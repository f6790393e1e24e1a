import {
  CLUB_CADENCE_LABELS,
  CLUB_CADENCES,
  CLUB_LIMITS,
  clubInputSchema,
  type ClubCadence,
  type ClubInputDraft,
} from '@bevy/core';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type LooseKeys, type UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState, type CSSProperties } from 'react';
import { useMutation } from 'urql';
import { FormWithRefusal } from '../../components/form-with-refusal';
import { ImageUpload } from '../../components/image-upload';
import { showServerRefusal } from '../../lib/form-focus';
import { describeError } from '../../lib/server-error';
import { CREATE_CLUB } from './api/clubs';
import { ClubOffersField } from './club-offers-field';

type ClubFormValues = ClubInputDraft & { noticeDays: number; cutoffDays: number };

const newTier = (bottles: number): ClubFormValues['tiers'][number] => ({
  name: `${bottles} bottles`,
  bottles,
  priceBasis: 'contents',
  fixedPriceCents: null,
});

const EMPTY_CLUB: ClubFormValues = {
  name: '',
  description: '',
  cadence: 'every_3_months',
  firstReleaseOn: null,
  memberDiscountBasisPoints: 1_000,
  noticeDays: 7,
  cutoffDays: 2,
  skipsPerYear: 1,
  minimumReleases: 0,
  offersPickup: true,
  offersDelivery: false,
  offersShipping: false,
  imageUrl: null,
  tiers: [newTier(3), newTier(6)],
};

const CADENCE_OPTIONS = CLUB_CADENCES.map((value) => ({
  value,
  label: CLUB_CADENCE_LABELS[value],
}));

/** A whole number from a NumberInput, which gives '' when emptied. */
const wholeNumber = (value: string | number) => (typeof value === 'number' ? value : NaN);

/** A whole-number field of the club form; emptied, it holds NaN, which the schema refuses. */
function WholeNumberField({
  form,
  field,
  ...props
}: {
  form: UseFormReturnType<ClubFormValues>;
  field: LooseKeys<ClubFormValues>;
  label: string;
  description?: string;
  min: number;
  max: number;
  style?: CSSProperties;
}) {
  return (
    <NumberInput
      allowDecimal={false}
      {...props}
      {...form.getInputProps(field)}
      onChange={(value) => form.setFieldValue(field, wholeNumber(value) as never)}
    />
  );
}

/** The producer's form for a new club; `onCreated` gets the club once the server has it. */
export function ClubForm({
  businessSlug,
  onCreated,
  onCancel,
}: {
  businessSlug: string;
  onCreated: (name: string) => void;
  onCancel: () => void;
}) {
  const [{ fetching }, createClub] = useMutation(CREATE_CLUB);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ClubFormValues>({
    initialValues: EMPTY_CLUB,
    validate: zod4Resolver(clubInputSchema),
  });
  const values = form.getValues();

  const submit = async (submitted: ClubFormValues) => {
    setRefusal(null);
    const result = await createClub({ businessSlug, input: submitted });
    if (result.error) {
      showServerRefusal(form, describeError(result.error), setRefusal);
      return;
    }
    onCreated(submitted.name);
  };

  return (
    <FormWithRefusal
      form={form}
      onSubmit={submit}
      refusalTitle="The club was not created"
      refusal={refusal}
    >
      <TextInput
        label="Club name"
        required
        maxLength={CLUB_LIMITS.name}
        {...form.getInputProps('name')}
      />
      <Textarea
        label="Description"
        description="What members get, shown on the club's page."
        autosize
        minRows={2}
        maxLength={CLUB_LIMITS.description}
        {...form.getInputProps('description')}
      />
      <ImageUpload
        label="Club image"
        prompt="Drag or upload the club's picture (.jpg, .png, .gif, .webp)"
        slug={businessSlug}
        value={values.imageUrl ?? null}
        onChange={(url) => form.setFieldValue('imageUrl', url)}
        error={form.errors.imageUrl as string | undefined}
        previewHeight={140}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="How often it releases"
          data={CADENCE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('cadence')}
          onChange={(value) => form.setFieldValue('cadence', (value ?? 'monthly') as ClubCadence)}
        />
        {values.cadence === 'release_dates' ? null : (
          <TextInput
            type="date"
            label="First release"
            description="Later releases are counted from this date."
            {...form.getInputProps('firstReleaseOn')}
            value={values.firstReleaseOn ?? ''}
            onChange={(event) =>
              form.setFieldValue('firstReleaseOn', event.currentTarget.value || null)
            }
          />
        )}
        <NumberInput
          label="Member discount (%)"
          description="Off club releases and everything else members buy from you."
          min={0}
          max={50}
          decimalScale={2}
          {...form.getInputProps('memberDiscountBasisPoints')}
          value={values.memberDiscountBasisPoints / 100}
          onChange={(value) =>
            form.setFieldValue('memberDiscountBasisPoints', Math.round(wholeNumber(value) * 100))
          }
        />
        <WholeNumberField
          form={form}
          field="skipsPerYear"
          label="Skips allowed a year"
          min={0}
          max={CLUB_LIMITS.skipsPerYear}
        />
        <WholeNumberField
          form={form}
          field="noticeDays"
          label="Notice before a release (days)"
          description="Members see the contents and the amount this many days ahead."
          min={1}
          max={CLUB_LIMITS.noticeDays}
        />
        <WholeNumberField
          form={form}
          field="cutoffDays"
          label="Changes close (days before)"
          description="Until then members may swap, add, skip or change address."
          min={1}
          max={CLUB_LIMITS.noticeDays}
        />
        <WholeNumberField
          form={form}
          field="minimumReleases"
          label="Minimum releases before cancelling"
          description="0 for none: members may cancel any time."
          min={0}
          max={CLUB_LIMITS.minimumReleases}
        />
      </SimpleGrid>

      <ClubOffersField form={form} label="How members get their releases" />

      <Fieldset legend="Tiers">
        <Stack gap="sm">
          {typeof form.errors.tiers === 'string' ? (
            <Text c="red.9" fz="sm" role="alert">
              {form.errors.tiers}
            </Text>
          ) : null}
          {values.tiers.map((tier, index) => (
            <Group key={index} align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={`Tier ${index + 1} name`}
                style={{ flex: '2 1 160px' }}
                {...form.getInputProps(`tiers.${index}.name`)}
              />
              <WholeNumberField
                form={form}
                field={`tiers.${index}.bottles`}
                label={`Tier ${index + 1} bottles`}
                min={1}
                max={CLUB_LIMITS.bottlesPerRelease}
                style={{ flex: '1 1 100px' }}
              />
              <Select
                label={`Tier ${index + 1} price`}
                data={[
                  { value: 'contents', label: 'Bottles at member price' },
                  { value: 'fixed', label: 'A fixed price' },
                ]}
                allowDeselect={false}
                style={{ flex: '2 1 200px' }}
                {...form.getInputProps(`tiers.${index}.priceBasis`)}
              />
              {tier.priceBasis === 'fixed' ? (
                <NumberInput
                  label={`Tier ${index + 1} price per release ($)`}
                  min={0.01}
                  decimalScale={2}
                  fixedDecimalScale
                  style={{ flex: '1 1 140px' }}
                  {...form.getInputProps(`tiers.${index}.fixedPriceCents`)}
                  value={tier.fixedPriceCents === null ? '' : tier.fixedPriceCents / 100}
                  onChange={(value) =>
                    form.setFieldValue(
                      `tiers.${index}.fixedPriceCents`,
                      value === '' ? null : Math.round(Number(value) * 100),
                    )
                  }
                />
              ) : null}
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                mt={24}
                aria-label={`Remove tier ${index + 1}`}
                disabled={values.tiers.length === 1}
                onClick={() => form.removeListItem('tiers', index)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {values.tiers.length < CLUB_LIMITS.tiers ? (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => form.insertListItem('tiers', newTier(12))}
            >
              Add a tier
            </Button>
          ) : null}
        </Stack>
      </Fieldset>

      <Group>
        <Button type="submit" loading={fetching}>
          Create club
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </FormWithRefusal>
  );
}
