import { ADULT_SIGNATURE_NOTICE, formatCents, type CartState } from '@bevy/core';
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
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { siteConfig } from '../../lib/site-config';
import { useCart } from '../../lib/use-cart';
import { useMe } from '../../lib/use-me';
import { useZipLocation } from '../../lib/use-zip-location';
import { buildCartView, type BuyerLocation, type CartView } from './cart-view';
import { CheckoutAddressFields } from './checkout-address-fields';
import { CardFields } from '../../components/card-fields';
import { ContactSection } from './checkout-contact';
import {
  firstAddressGroup,
  firstErrorField,
  initialCheckoutValues,
  paymentSplit,
  paysByCard,
  type CheckoutFormValues,
} from './checkout-form';
import { FulfillmentSection } from './checkout-fulfillment';
import { CheckoutSummary } from './checkout-summary';
import { successStateOf, type PlacedCheckout } from './placed-checkout';
import { CatalogError } from './catalog-error';
import { ticketLinesOf, useCartCatalog } from './use-cart-catalog';
import { useFulfillmentChoices } from './use-fulfillment-choices';
import { usePlaceOrder, type PlaceOrderState } from './use-place-order';

const stripeKey = siteConfig.stripePublishableKey;
const StripePayment = lazy(() =>
  import('../../components/stripe-payment').then((m) => ({ default: m.StripePayment })),
);

/** Why the order was not placed, above the form; nothing while there is nothing to say. */
function NotPlacedAlert({ state }: { state: PlaceOrderState }) {
  const message =
    state.status === 'refused' ||
    state.status === 'interrupted' ||
    state.status === 'needs-payment-confirmation'
      ? state.message
      : null;
  if (!message) return null;
  return (
    <Alert color="red" title="Your order was not placed" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text>{message}</Text>
        {state.status === 'refused' && state.reviewCart ? (
          <Anchor component={Link} to="/cart">
            Review your cart
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The cart priced at a place: checkout's fees follow the address typed (decision 014). */
type PriceAt = (location: BuyerLocation) => CartView;

function CheckoutForm({ view: cartView, priceAt }: { view: CartView; priceAt: PriceAt }) {
  const { me } = useMe();
  const navigate = useNavigate();
  const { choices } = useFulfillmentChoices();
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

  const { state, place, onCardFormReady, onCardChange } = usePlaceOrder({
    view,
    paysWithStripe: Boolean(stripeKey),
    onFieldErrors: (fields) => {
      form.setErrors(fields);
      const first = firstErrorField(fields, form.getValues());
      if (first) form.getInputNode(first)?.focus();
    },
    // /success empties the cart of what was bought: emptied here, it would send the buyer back
    // to /cart before the navigation lands.
    onPlaced: (checkout: PlacedCheckout) => {
      const ids = checkout.orders.map((order) => order.id).join(',');
      void navigate(`/success?orders=${ids}`, { state: successStateOf(checkout, view) });
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((formValues) => void place(formValues))}
      aria-labelledby="checkout-heading"
    >
      <Group align="flex-start" gap="xl">
        <Stack gap="lg" style={{ flex: '999 1 540px' }} miw={0}>
          <NotPlacedAlert state={state} />
          <ContactSection form={form} wholesale={view.buyerKind === 'wholesale'} />

          <Stack gap="sm" component="section" aria-labelledby="fulfillment-heading">
            <Title order={2} fz="lg" id="fulfillment-heading">
              {view.groups.every((group) => group.lines.length === 0)
                ? 'Your tickets'
                : 'Pickup, delivery and shipping'}
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
                <CheckoutAddressFields
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
                    onReady={onCardFormReady}
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
              loading={state.status === 'placing'}
              leftSection={<IconLock size={18} aria-hidden />}
            >
              {cardNeeded ? `Pay ${formatCents(split.byCard)} and place order` : 'Place order'}
            </Button>
          </Group>
        </Stack>
        <Box style={{ flex: '1 1 280px' }}>
          <CheckoutSummary view={view} split={split} />
        </Box>
      </Group>
    </form>
  );
}

function CheckoutContents({ cart }: { cart: CartState }) {
  const { choices } = useFulfillmentChoices();
  const { catalog, error, retry } = useCartCatalog(cart.addedIds, ticketLinesOf(cart));
  const { location } = useZipLocation(choices.zip);
  const view = useMemo(
    () => (catalog ? buildCartView(cart, catalog, choices.modes, location) : null),
    [cart, catalog, choices.modes, location],
  );
  const priceAt = useCallback(
    (at: BuyerLocation) => buildCartView(cart, catalog!, choices.modes, at),
    [cart, catalog, choices.modes],
  );
  if (error) return <CatalogError message={error} onRetry={retry} />;
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

/** Checkout (/shipping-and-billing): contact, fulfillment details, billing, age and payment. */
export function CheckoutPage() {
  useDocumentTitle(`Shipping and billing · ${siteConfig.siteName}`);
  const state = useCart();
  if (state.status === 'ready' && state.cart.addedIds.length === 0 && !state.cart.tickets?.length) {
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
