import { CLUB_LIMITS, formatCents, formatDueDate, isoDate, shiftDate } from '@bevy/core';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { businessPath } from '../../../components/business-nav';
import { ErrorAlert } from '../../../components/error-alert';
import { PageLoading } from '../../../components/page-loading';
import { showServerRefusal } from '../../../lib/form-focus';
import { describeError } from '../../../lib/server-error';
import {
  CREATE_CLUB_RELEASE,
  RELEASE_PRODUCTS,
  type ManagedClub,
  type ReleaseProduct,
} from '../api/club-manage';
import {
  bottlesOf,
  emptyRelease,
  firstErrorInput,
  refusalOnForm,
  releaseDraft,
  validateRelease,
  type ReleaseFormValues,
} from './release-form-values';

/** A product's price for one bottle: its retail tier for the fewest bottles. */
function bottlePrice(product: ReleaseProduct): number | null {
  const tiers = [...product.retailPricing].sort(
    (a, b) => a.minimum_unit_count_for_price - b.minimum_unit_count_for_price,
  );
  return tiers[0]?.price_per_unit ?? null;
}

/** The producer's form for a new release of `club`; `onCreated` gets it once the server has it. */
export function ReleaseForm({
  businessSlug,
  club,
  onCreated,
  onCancel,
}: {
  businessSlug: string;
  club: ManagedClub;
  onCreated: (release: { title: string; chargeOn: string }) => void;
  onCancel: () => void;
}) {
  const [products, refetchProducts] = useQuery({
    query: RELEASE_PRODUCTS,
    variables: { slug: businessSlug },
  });
  const options = useMemo(
    () =>
      (products.data?.businessProducts ?? [])
        .filter((product) => product.status === 'published')
        .map((product) => {
          const price = bottlePrice(product);
          return {
            value: String(product.id),
            label: price === null ? product.name : `${product.name} · ${formatCents(price)}`,
          };
        }),
    [products.data],
  );

  if (products.fetching && !products.data) return <PageLoading />;
  if (products.error && !products.data) {
    return (
      <ErrorAlert
        title="Your products could not be loaded"
        message={describeError(products.error).message}
        onRetry={() => refetchProducts({ requestPolicy: 'network-only' })}
      />
    );
  }
  if (options.length === 0) {
    return (
      <Stack gap="sm">
        <Text>
          A release holds your published products, and you have none yet.{' '}
          <Anchor component={Link} to={`${businessPath(businessSlug)}/products`}>
            Manage your products
          </Anchor>
        </Text>
        <Button variant="default" style={{ alignSelf: 'flex-start' }} onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    );
  }
  return (
    <ReleaseFields
      businessSlug={businessSlug}
      club={club}
      options={options}
      onCreated={onCreated}
      onCancel={onCancel}
    />
  );
}

function ReleaseFields({
  businessSlug,
  club,
  options,
  onCreated,
  onCancel,
}: {
  businessSlug: string;
  club: ManagedClub;
  options: { value: string; label: string }[];
  onCreated: (release: { title: string; chargeOn: string }) => void;
  onCancel: () => void;
}) {
  const [{ fetching }, createRelease] = useMutation(CREATE_CLUB_RELEASE);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ReleaseFormValues>({
    initialValues: emptyRelease(club.tiers),
    validate: (values) => validateRelease(values, club.tiers),
  });
  const values = form.getValues();
  // The server's rule: members hear of a release `noticeDays` before it is charged.
  const earliest = shiftDate(isoDate(new Date()), club.noticeDays);

  const focusFirst = (errors: FormErrors) => {
    const input = firstErrorInput(form.getValues(), errors);
    if (input) form.getInputNode(input)?.focus();
  };

  const submit = async (submitted: ReleaseFormValues) => {
    setRefusal(null);
    const { draft, linePaths } = releaseDraft(submitted);
    const result = await createRelease({ businessSlug, clubSlug: club.slug, ...draft });
    if (result.error) {
      showServerRefusal(
        form,
        refusalOnForm(describeError(result.error), linePaths),
        setRefusal,
        focusFirst,
      );
      return;
    }
    onCreated({ title: submitted.title.trim(), chargeOn: submitted.chargeOn });
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit, focusFirst)}>
      <Stack gap="md">
        {refusal ? (
          <Alert color="red" title="The release was not created">
            {refusal}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Title"
            required
            maxLength={CLUB_LIMITS.name}
            {...form.getInputProps('title')}
          />
          <TextInput
            type="date"
            label="Charge date"
            description={`Members are told ${club.noticeDays} days ahead: ${formatDueDate(earliest)} at the earliest.`}
            required
            min={earliest}
            {...form.getInputProps('chargeOn')}
          />
        </SimpleGrid>
        {club.tiers.map((tier, tierIndex) => {
          const lines = values.tiers[tierIndex]?.lines ?? [];
          const bottles = bottlesOf(lines);
          // Shown until the count is right; the running count below says how far off it is.
          const countError =
            bottles === tier.bottles ? null : form.errors[`tiers.${tierIndex}.lines`];
          return (
            <Fieldset key={tier.id} legend={tier.name}>
              <Stack gap="sm">
                {lines.map((_line, lineIndex) => {
                  const path = `tiers.${tierIndex}.lines.${lineIndex}` as const;
                  return (
                    <Group key={lineIndex} align="flex-start" gap="sm" wrap="wrap">
                      <Select
                        label={`Product ${lineIndex + 1}`}
                        placeholder="Choose a product"
                        data={options}
                        searchable
                        nothingFoundMessage="No published product by that name"
                        allowDeselect={false}
                        style={{ flex: '3 1 220px' }}
                        {...form.getInputProps(`${path}.productId`)}
                      />
                      <NumberInput
                        label={`Bottles of product ${lineIndex + 1}`}
                        allowDecimal={false}
                        min={1}
                        max={CLUB_LIMITS.bottlesPerRelease}
                        style={{ flex: '1 1 120px' }}
                        {...form.getInputProps(`${path}.quantity`)}
                        onChange={(value) =>
                          form.setFieldValue(
                            `${path}.quantity`,
                            typeof value === 'number' ? value : NaN,
                          )
                        }
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        mt={24}
                        aria-label={`Remove product ${lineIndex + 1} from ${tier.name}`}
                        disabled={lines.length === 1}
                        onClick={() => form.removeListItem(`tiers.${tierIndex}.lines`, lineIndex)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  );
                })}
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    disabled={lines.length >= 12}
                    onClick={() =>
                      form.insertListItem(`tiers.${tierIndex}.lines`, {
                        productId: null,
                        quantity: Math.max(1, tier.bottles - bottles),
                      })
                    }
                  >
                    Add a product
                  </Button>
                  <Group gap={4} wrap="nowrap">
                    {bottles === tier.bottles ? (
                      <IconCheck size={16} color="var(--mantine-color-green-9)" aria-hidden />
                    ) : null}
                    <Text fz="sm" fw={600} c="dark.8">
                      {bottles} of {tier.bottles} {tier.bottles === 1 ? 'bottle' : 'bottles'}
                    </Text>
                  </Group>
                </Group>
                {countError ? (
                  <Text c="red.9" fz="sm" role="alert">
                    {countError}
                  </Text>
                ) : null}
              </Stack>
            </Fieldset>
          );
        })}
        <Group>
          <Button type="submit" loading={fetching}>
            Schedule release
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
