import {
  ADULT_SIGNATURE_NOTICE,
  FULFILLMENT_MODE_LABELS,
  formatCents,
  formatDueDate,
  invoiceDueOn,
  invoiceTermsLabel,
  isoDate,
  type CartState,
  type Cents,
} from '@bevy/core';
import { placeOrderSchema } from '@bevy/core/checkout-schemas';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Container,
  Grid,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { gql, useMutation } from 'urql';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { US_STATE_OPTIONS } from '../../lib/us-state-options';
import { useCart } from '../../lib/use-cart';
import { useMe } from '../../lib/use-me';
import { useZipLocation } from '../../lib/use-zip-location';
import { buildCartView, type CartView, type ProducerGroupView } from './cart-view';
import {
  endsAttempt,
  firstAddressGroup,
  firstErrorField,
  formErrorsOf,
  initialCheckoutValues,
  paymentSplit,
  paysByCard,
  placeOrderInputOf,
  type CheckoutFormValues,
} from './checkout-form';
import { PLACED_ORDER_FIELDS, type PlacedCheckout, type SuccessState } from './placed-checkout';
import type { CreatePaymentMethod } from './stripe-payment';
import { CatalogueError } from './catalogue-error';
import { useCartCatalogue } from './use-cart-catalogue';
import { useFulfillmentChoices } from './use-fulfillment-choices';

const PLACE_ORDER = gql`
  mutation PlaceOrder($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      id
      amountCents
      orders {
        ${PLACED_ORDER_FIELDS}
      }
    }
  }
`;

/** A key for one attempt to pay; a repeat of the same attempt must reuse it. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `checkout-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

const stripeKey = siteConfig.stripePublishableKey;
const CARD = { kind: 'card' } as const;
const StripePayment = lazy(() =>
  import('./stripe-payment').then((m) => ({ default: m.StripePayment })),
);

/** Codes after which the cart itself needs a look, not the form. */
const CART_PROBLEMS = new Set(['SOLD_OUT', 'PRICE_CHANGED']);

type Form = UseFormReturnType<CheckoutFormValues>;

function AddressFields({
  form,
  path,
  legend,
  withRecipient,
  states,
}: {
  form: Form;
  path: string;
  legend: string;
  withRecipient: boolean;
  /** The states to choose from; all when not given. */
  states?: readonly string[];
}) {
  const stateOptions = states
    ? US_STATE_OPTIONS.filter((option) => states.includes(option.value))
    : US_STATE_OPTIONS;
  return (
    <Box component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={600} mb="xs">
        {legend}
      </Text>
      <Grid>
        {withRecipient ? (
          <Grid.Col span={12}>
            <TextInput
              label="Recipient’s name"
              description="The adult (21+) who will sign for it"
              autoComplete="shipping name"
              required
              {...form.getInputProps(`${path}.name`)}
            />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInput
            label="Street address"
            autoComplete="address-line1"
            required
            {...form.getInputProps(`${path}.line1`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            label="Apartment, suite (optional)"
            autoComplete="address-line2"
            {...form.getInputProps(`${path}.line2`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <TextInput
            label="City"
            autoComplete="address-level2"
            required
            {...form.getInputProps(`${path}.city`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label="State"
            data={stateOptions}
            searchable
            required
            autoComplete="address-level1"
            description={states ? 'States this producer ships to' : undefined}
            {...form.getInputProps(`${path}.state`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <TextInput
            label="ZIP code"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            required
            {...form.getInputProps(`${path}.zip`)}
          />
        </Grid.Col>
      </Grid>
    </Box>
  );
}

/** A producer group's part of the form. */
interface GroupProps {
  form: Form;
  group: ProducerGroupView;
  index: number;
}

function FulfillmentSection({ form, group, index }: GroupProps) {
  const mode = group.mode ?? 'pickup';
  const headingId = `fulfillment-${group.businessId}-heading`;
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} fz="md" id={headingId}>
            {FULFILLMENT_MODE_LABELS[mode]} from {group.name}
          </Title>
          <Anchor component={Link} to="/cart" fz="sm">
            Change in cart
          </Anchor>
        </Group>
        <Text fz="sm" c="dark.6">
          {group.lines.map((line) => `${line.name} × ${line.quantity}`).join(' · ')}
        </Text>
        {group.invoiceTermsDays !== null ? (
          <PaymentChoice form={form} group={group} index={index} />
        ) : null}
        {mode === 'pickup' ? (
          <>
            <Text>
              Pick up at {group.pickupAddress ?? group.place ?? 'the producer'}. {group.name} will
              email you when it is ready; bring a photo ID showing you are 21 or older.
            </Text>
            {group.pickupHours ? (
              <Text style={{ whiteSpace: 'pre-line' }}>Pickup hours: {group.pickupHours}</Text>
            ) : null}
          </>
        ) : (
          <AddressFields
            form={form}
            path={`fulfillment.${index}.address`}
            legend={mode === 'ship' ? 'Ship to' : 'Deliver to'}
            withRecipient
            states={mode === 'ship' ? group.shipToStates : undefined}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** For an approved wholesale buyer, where the producer offers terms: card now, or invoice. */
function PaymentChoice({ form, group, index }: GroupProps) {
  const days = group.invoiceTermsDays!;
  const path = `fulfillment.${index}.payByInvoice`;
  const dueOn = invoiceDueOn(isoDate(new Date()), days);
  return (
    <Radio.Group
      label={`How will you pay ${group.name}?`}
      value={form.getValues().fulfillment[index]?.payByInvoice ? 'invoice' : 'card'}
      onChange={(value) => form.setFieldValue(path, value === 'invoice')}
      error={form.errors[path]}
    >
      <Group gap="lg" mt={4}>
        <Radio value="card" label="Card, now" />
        <Radio
          value="invoice"
          label={`Invoice, ${invoiceTermsLabel(days)} (due ${formatDueDate(dueOn)})`}
        />
      </Group>
    </Radio.Group>
  );
}

function CardFields({ form }: { form: Form }) {
  return (
    <Stack gap="sm">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            required
            {...form.getInputProps('card.number')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={9}
            required
            {...form.getInputProps('card.expiry')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput
            label="Security code"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            required
            {...form.getInputProps('card.cvc')}
          />
        </Grid.Col>
      </Grid>
      <Text fz="xs" c="dark.6">
        Test mode: no real card is charged. 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
        declined and 4000 0000 0000 9995 has insufficient funds; use any future expiry and any three
        digits.
      </Text>
    </Stack>
  );
}

function Summary({ view, split }: { view: CartView; split: { byCard: Cents; onInvoice: Cents } }) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="summary-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="summary-heading">
          Order summary
        </Title>
        <Table>
          <Table.Tbody>
            {view.groups.map((group) => (
              <Table.Tr key={group.businessId}>
                <Table.Th scope="row" fw="normal">
                  {group.name}
                  <Text fz="xs" c="dark.6">
                    {formatCents(group.totals?.subtotal ?? 0)} + tax and fees{' '}
                    {formatCents(group.totals?.taxAndFees ?? 0)}
                  </Text>
                </Table.Th>
                <Table.Td ta="right">{formatCents(group.totals?.total ?? 0)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Total</Table.Th>
              <Table.Td ta="right" fw={700}>
                {formatCents(view.grandTotal)}
              </Table.Td>
            </Table.Tr>
            {split.onInvoice > 0 ? (
              <>
                <Table.Tr>
                  <Table.Th scope="row" fw="normal">
                    Paid by card now
                  </Table.Th>
                  <Table.Td ta="right">{formatCents(split.byCard)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th scope="row" fw="normal">
                    On invoice
                  </Table.Th>
                  <Table.Td ta="right">{formatCents(split.onInvoice)}</Table.Td>
                </Table.Tr>
              </>
            ) : null}
          </Table.Tbody>
        </Table>
        <Text fz="xs" c="dark.6">
          {split.onInvoice > 0
            ? 'Orders on invoice are paid to the producer directly, by the due date; one card payment covers the rest. Each producer gets its own order.'
            : 'One payment for the whole cart; each producer gets its own order.'}
        </Text>
      </Stack>
    </Paper>
  );
}

interface PlaceOrderData {
  placeOrder: PlacedCheckout;
}

function CheckoutForm({ view }: { view: CartView }) {
  const { me } = useMe();
  const navigate = useNavigate();
  const { choices } = useFulfillmentChoices();
  const [{ fetching }, placeOrder] = useMutation<PlaceOrderData>(PLACE_ORDER);
  const [refusal, setRefusal] = useState<{ message: string; cart: boolean } | null>(null);
  /**
   * The attempt in flight or last cut off: resending the same request reuses its key and, with
   * Stripe, its PaymentMethod, so that a retry can never pay twice.
   */
  const attempt = useRef<{ key: string; request: string; paymentMethodId: string | null } | null>(
    null,
  );
  const createPaymentMethod = useRef<CreatePaymentMethod | null>(null);
  const onStripeReady = useCallback((create: CreatePaymentMethod | null) => {
    createPaymentMethod.current = create;
  }, []);
  // New card details make a new attempt.
  const onCardChange = useCallback(() => {
    attempt.current = null;
  }, []);
  const form = useForm<CheckoutFormValues>({
    mode: 'controlled',
    initialValues: initialCheckoutValues(view.groups, me, choices.zip),
  });
  const values = form.getValues();
  const addressGroup = firstAddressGroup(values);
  const cardNeeded = paysByCard(values);
  const split = paymentSplit(values, view);

  const showErrors = (fields: Record<string, string>) => {
    form.setErrors(fields);
    const first = firstErrorField(fields, form.getValues());
    if (first) form.getInputNode(first)?.focus();
  };

  /** One submission at a time: a second click while the first is on its way does nothing. */
  const submitting = useRef(false);
  const [busy, setBusy] = useState(false);
  const submitOnce = async (formValues: CheckoutFormValues) => {
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      await submit(formValues);
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  const submit = async (formValues: CheckoutFormValues) => {
    setRefusal(null);
    // With Stripe the card is checked by Stripe's element; the rest by the server's own rules.
    // With every producer on invoice there is no card at all.
    const withCard = paysByCard(formValues);
    const pending =
      stripeKey && withCard ? { kind: 'payment_method' as const, id: 'pm_pending' } : CARD;
    const unkeyed = placeOrderInputOf(formValues, view, 'checkout-pending', pending);
    const checked = placeOrderSchema.safeParse(unkeyed);
    if (!checked.success) {
      const { fields, other } = formErrorsOf(checked.error.issues, formValues);
      showErrors(fields);
      if (other.length > 0) setRefusal({ message: other[0]!, cart: true });
      return;
    }
    const request = JSON.stringify(unkeyed);
    if (attempt.current?.request !== request) {
      let paymentMethodId: string | null = null;
      if (stripeKey && withCard) {
        const created = await createPaymentMethod.current?.({
          name: formValues.contact.name,
          email: formValues.contact.email,
          phone: formValues.contact.phone,
        });
        if (!created || 'message' in created) {
          setRefusal({
            message: created?.message ?? 'The card form is still loading. Please try again.',
            cart: false,
          });
          return;
        }
        paymentMethodId = created.id;
      }
      attempt.current = { key: newIdempotencyKey(), request, paymentMethodId };
    }
    const { key, paymentMethodId } = attempt.current;
    const input = paymentMethodId
      ? { ...unkeyed, payment: { paymentMethodId }, idempotencyKey: key }
      : { ...unkeyed, idempotencyKey: key };
    const result = await placeOrder({ input });
    if (result.data?.placeOrder) {
      const checkout = result.data.placeOrder;
      attempt.current = null;
      // /success empties the cart of what was bought: emptied here, it would send the buyer
      // back to /cart before the navigation lands.
      const bought = view.groups.flatMap((group) => group.lines.map((line) => line.id));
      void navigate(`/success?orders=${checkout.orders.map((order) => order.id).join(',')}`, {
        state: { checkout, bought } satisfies SuccessState,
      });
      return;
    }
    if (!result.error) return;
    const code = result.error.graphQLErrors[0]?.extensions.code;
    if (endsAttempt(result.error.graphQLErrors)) attempt.current = null;
    const described = describeError(result.error);
    const { fields } = formErrorsOf(
      Object.entries(described.fields).map(([path, message]) => ({
        path: path.split('.'),
        message,
      })),
      formValues,
    );
    const { fields: named } = described.field
      ? formErrorsOf([{ path: described.field.split('.'), message: described.message }], formValues)
      : { fields: {} };
    const onFields = { ...fields, ...named };
    showErrors(onFields);
    setRefusal({
      message: described.message,
      cart: typeof code === 'string' && CART_PROBLEMS.has(code),
    });
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((formValues) => void submitOnce(formValues))}
      aria-labelledby="checkout-heading"
    >
      <Group align="flex-start" gap="xl">
        <Stack gap="lg" style={{ flex: '999 1 540px' }} miw={0}>
          {refusal ? (
            <Alert color="red" title="Your order was not placed" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text>{refusal.message}</Text>
                {refusal.cart ? (
                  <Anchor component={Link} to="/cart">
                    Review your cart
                  </Anchor>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <Paper
            component="section"
            withBorder
            p="md"
            radius="md"
            aria-labelledby="contact-heading"
          >
            <Title order={2} fz="lg" id="contact-heading" mb="sm">
              Contact
            </Title>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Full name"
                  autoComplete="name"
                  required
                  {...form.getInputProps('contact.name')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  required
                  {...form.getInputProps('contact.email')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Phone"
                  type="tel"
                  autoComplete="tel"
                  description="For the producer, about your order"
                  required
                  {...form.getInputProps('contact.phone')}
                />
              </Grid.Col>
            </Grid>
          </Paper>

          <Stack gap="sm" component="section" aria-labelledby="fulfilment-heading">
            <Title order={2} fz="lg" id="fulfilment-heading">
              Pickup, delivery and shipping
            </Title>
            {view.groups.map((group, index) => (
              <FulfillmentSection key={group.businessId} form={form} group={group} index={index} />
            ))}
            {addressGroup >= 0 ? (
              <Alert color="blue" variant="light" c="dark.8">
                {ADULT_SIGNATURE_NOTICE}
              </Alert>
            ) : null}
          </Stack>

          <Paper
            component="section"
            withBorder
            p="md"
            radius="md"
            aria-labelledby="billing-heading"
          >
            <Stack gap="sm">
              <Title order={2} fz="lg" id="billing-heading">
                Billing address
              </Title>
              {addressGroup >= 0 ? (
                <Checkbox
                  label={`Same as the ${values.fulfillment[addressGroup]!.mode === 'ship' ? 'shipping' : 'delivery'} address`}
                  {...form.getInputProps('billingSameAsDelivery', { type: 'checkbox' })}
                />
              ) : null}
              {addressGroup < 0 || !values.billingSameAsDelivery ? (
                <AddressFields
                  form={form}
                  path="billingAddress"
                  legend={cardNeeded ? 'The card’s billing address' : 'The billing address'}
                  withRecipient={false}
                />
              ) : null}
            </Stack>
          </Paper>

          <Paper
            component="section"
            withBorder
            p="md"
            radius="md"
            aria-labelledby="payment-heading"
          >
            <Stack gap="sm">
              <Title order={2} fz="lg" id="payment-heading">
                Payment
              </Title>
              {!cardNeeded ? (
                <Text>
                  Every order is paid by invoice, so no card is needed: you pay each producer
                  directly by the due date shown above.
                </Text>
              ) : stripeKey ? (
                <Suspense fallback={<Loader size="sm" aria-label="Loading the card form" />}>
                  <StripePayment
                    publishableKey={stripeKey}
                    amountCents={split.byCard}
                    onReady={onStripeReady}
                    onChange={onCardChange}
                  />
                </Suspense>
              ) : (
                <CardFields form={form} />
              )}
            </Stack>
          </Paper>

          <Checkbox
            label="I confirm that I, and anyone receiving this order, are 21 or older."
            {...form.getInputProps('ageConfirmed', { type: 'checkbox' })}
          />
          <Group>
            <Button
              type="submit"
              size="md"
              loading={fetching || busy}
              leftSection={<IconLock size={18} aria-hidden />}
            >
              {cardNeeded ? `Pay ${formatCents(split.byCard)} and place order` : 'Place order'}
            </Button>
          </Group>
        </Stack>
        <Box style={{ flex: '1 1 280px' }}>
          <Summary view={view} split={split} />
        </Box>
      </Group>
    </form>
  );
}

function CheckoutContents({ cart }: { cart: CartState }) {
  const { choices } = useFulfillmentChoices();
  const { catalogue, error, retry } = useCartCatalogue(cart.addedIds);
  const { location } = useZipLocation(choices.zip);
  const view = useMemo(
    () => (catalogue ? buildCartView(cart, catalogue, choices.modes, location) : null),
    [cart, catalogue, choices.modes, location],
  );
  if (error) return <CatalogueError message={error} onRetry={retry} />;
  if (!view) return <PageLoading />;
  if (!view.ready) {
    return (
      <Alert color="yellow" title="Your cart needs a look first" c="dark.8">
        <Stack gap="xs" align="flex-start">
          <Text>
            Something in your cart changed or cannot reach you as chosen. Resolve the notes in your
            cart, then come back to checkout.
          </Text>
          <Button component={Link} to="/cart" variant="light">
            Back to your cart
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <CheckoutForm view={view} />;
}

/** Checkout (/shipping-and-billing): contact, fulfilment details, billing, age and payment. */
export function CheckoutPage() {
  useDocumentTitle(`Shipping and billing · ${siteConfig.siteName}`);
  const state = useCart();
  if (state.status === 'ready' && state.cart.addedIds.length === 0) {
    return <Navigate replace to="/cart" />;
  }
  return (
    <Container size="xl" py="lg">
      <Title order={1} mb="md" id="checkout-heading">
        Shipping and billing
      </Title>
      {state.status === 'unavailable' ? (
        <Alert color="red" title="Your cart cannot be used in this browser" role="alert">
          {state.message}
        </Alert>
      ) : (
        <CheckoutContents cart={state.cart} />
      )}
    </Container>
  );
}
