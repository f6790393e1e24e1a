import {
  CLUB_CADENCE_LABELS,
  CLUB_LIMITS,
  SUBSCRIPTION_CADENCES,
  subscriptionInputSchema,
  type SubscriptionInputDraft,
} from '@bevy/core';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  TagsInput,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { ErrorAlert } from '../../components/error-alert';
import { FormWithRefusal } from '../../components/form-with-refusal';
import { PageLoading } from '../../components/page-loading';
import { businessPath } from '../../components/business-nav';
import { showServerRefusal } from '../../lib/form-focus';
import { describeError } from '../../lib/server-error';
import { RELEASE_PRODUCTS } from './api/club-manage';
import { CREATE_SUBSCRIPTION } from './api/clubs';
import { ClubOffersField } from './club-offers-field';

type SubscriptionFormValues = Omit<SubscriptionInputDraft, 'productId'> & {
  /** The Select's value: a product id as text, or null until one is chosen. */
  productId: number | null;
};

const EMPTY_SUBSCRIPTION: SubscriptionFormValues = {
  productId: null,
  description: '',
  cadences: ['monthly'],
  quantities: [6, 12],
  memberDiscountBasisPoints: 1_000,
  skipsPerYear: 2,
  offersPickup: true,
  offersDelivery: false,
  offersShipping: false,
};

/**
 * The producer's form for a new product subscription: one of their published products, the
 * cadences and quantities buyers may choose, and its discount; `onCreated` gets its name.
 */
export function SubscriptionForm({
  businessSlug,
  onCreated,
  onCancel,
}: {
  businessSlug: string;
  onCreated: (name: string) => void;
  onCancel: () => void;
}) {
  const [products, refetchProducts] = useQuery({
    query: RELEASE_PRODUCTS,
    variables: { slug: businessSlug },
  });
  const [{ fetching }, createSubscription] = useMutation(CREATE_SUBSCRIPTION);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<SubscriptionFormValues>({
    initialValues: EMPTY_SUBSCRIPTION,
    validate: zod4Resolver(subscriptionInputSchema),
  });

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
  const published = (products.data?.businessProducts ?? []).filter(
    (product) => product.status === 'published',
  );
  if (published.length === 0) {
    return (
      <Text>
        A subscription delivers one of your published products, and you have none yet.{' '}
        <Anchor component={Link} to={`${businessPath(businessSlug)}/products`}>
          Manage your products
        </Anchor>
      </Text>
    );
  }
  const values = form.getValues();

  const submit = async (submitted: SubscriptionFormValues) => {
    setRefusal(null);
    const result = await createSubscription({
      businessSlug,
      input: { ...submitted, productId: submitted.productId ?? 0 },
    });
    if (result.error) {
      showServerRefusal(form, describeError(result.error), setRefusal);
      return;
    }
    onCreated(result.data!.createSubscription.name);
  };
  const quantityErrors = Object.entries(form.errors)
    .filter(([path]) => path.startsWith('quantities'))
    .map(([, message]) => message);

  return (
    <FormWithRefusal
      form={form}
      onSubmit={submit}
      refusalTitle="The subscription was not created"
      refusal={refusal}
    >
      <Select
        label="Product"
        required
        searchable
        data={published.map((product) => ({ value: String(product.id), label: product.name }))}
        {...form.getInputProps('productId')}
        value={values.productId === null ? null : String(values.productId)}
        onChange={(value) => form.setFieldValue('productId', value === null ? null : Number(value))}
      />
      <Textarea
        label="Description"
        description="What subscribers get, shown on the subscription's page."
        autosize
        minRows={2}
        maxLength={CLUB_LIMITS.description}
        {...form.getInputProps('description')}
      />
      <Checkbox.Group
        label="How often buyers may have it"
        error={form.errors.cadences}
        value={values.cadences as string[]}
        onChange={(checked) =>
          form.setFieldValue('cadences', checked as SubscriptionFormValues['cadences'])
        }
      >
        <Group mt="xs">
          {SUBSCRIPTION_CADENCES.map((cadence) => (
            <Checkbox key={cadence} value={cadence} label={CLUB_CADENCE_LABELS[cadence]} />
          ))}
        </Group>
      </Checkbox.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TagsInput
          label="Quantities an order may hold"
          description="Press Enter after each, such as 6 and 12."
          error={quantityErrors.join(' ') || undefined}
          value={values.quantities.map(String)}
          onChange={(tags) =>
            form.setFieldValue(
              'quantities',
              tags.map((tag) => Number(tag.trim())),
            )
          }
        />
        <NumberInput
          label="Subscription discount (%)"
          description="Off its orders and everything else subscribers buy from you."
          min={0}
          max={50}
          decimalScale={2}
          {...form.getInputProps('memberDiscountBasisPoints')}
          value={values.memberDiscountBasisPoints / 100}
          onChange={(value) =>
            form.setFieldValue(
              'memberDiscountBasisPoints',
              typeof value === 'number' ? Math.round(value * 100) : NaN,
            )
          }
        />
        <NumberInput
          label="Skips allowed a year"
          allowDecimal={false}
          min={0}
          max={CLUB_LIMITS.skipsPerYear}
          {...form.getInputProps('skipsPerYear')}
          onChange={(value) =>
            form.setFieldValue('skipsPerYear', typeof value === 'number' ? value : NaN)
          }
        />
      </SimpleGrid>
      <ClubOffersField form={form} label="How subscribers get their orders" />
      <Group>
        <Button type="submit" loading={fetching}>
          Create subscription
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </FormWithRefusal>
  );
}
