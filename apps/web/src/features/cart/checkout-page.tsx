import { ADULT_SIGNATURE_NOTICE, formatCents, type CartState } from '@bevy/core';
import { placeOrderSchema } from '@bevy/core/checkout-schemas';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { gql, useMutation } from 'urql';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { useCart } from '../../lib/use-cart';
import { useMe } from '../../lib/use-me';
import { useZipLocation } from '../../lib/use-zip-location';
import { buildCartView, type BuyerLocation, type CartView } from './cart-view';
import { AddressFields } from './checkout-address-fields';
import { CardFields } from './checkout-card-fields';
import { ContactSection } from './checkout-contact';
import {
  buyingBusinessErrors,
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
import { FulfillmentSection } from './checkout-fulfillment';
import { Summary } from './checkout-summary';
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

interface PlaceOrderData {
  placeOrder: PlacedCheckout;
}

/** The cart priced at a place: checkout's fees follow the address typed (decision 014). */
type PriceAt = (location: BuyerLocation) => CartView;

function CheckoutForm({ view: cartView, priceAt }: { view: CartView; priceAt: PriceAt }) {
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
    initialValues: initialCheckoutValues(cartView.groups, me, choices.zip),
  });
  const values = form.getValues();
  const addressGroup = firstAddressGroup(values);
  // Delivery and shipping fees depend on where the order goes: priced at the address's ZIP code
  // once it is known, as the server will charge them.
  const addressZip = addressGroup >= 0 ? values.fulfillment[addressGroup]!.address.zip.trim() : '';
  const { location: addressLocation } = useZipLocation(addressZip);
  const view = useMemo(
    () =>
      addressLocation && addressLocation.zip === addressZip ? priceAt(addressLocation) : cartView,
    [addressLocation, addressZip, priceAt, cartView],
  );
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
    const ownErrors = buyingBusinessErrors(formValues, view.buyerKind);
    if (!checked.success || Object.keys(ownErrors).length > 0) {
      const { fields, other } = checked.success
        ? { fields: {}, other: [] }
        : formErrorsOf(checked.error.issues, formValues);
      showErrors({ ...ownErrors, ...fields });
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
      const lines = view.groups.flatMap((group) => group.lines);
      const bought = lines.map((line) => line.id);
      const images = Object.fromEntries(lines.map((l) => [l.id, l.product.bottleImageUrl]));
      void navigate(`/success?orders=${checkout.orders.map((order) => order.id).join(',')}`, {
        state: { checkout, bought, images } satisfies SuccessState,
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
          <ContactSection form={form} wholesale={view.buyerKind === 'wholesale'} />

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
  const priceAt = useCallback(
    (at: BuyerLocation) => buildCartView(cart, catalogue!, choices.modes, at),
    [cart, catalogue, choices.modes],
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
  return <CheckoutForm view={view} priceAt={priceAt} />;
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
