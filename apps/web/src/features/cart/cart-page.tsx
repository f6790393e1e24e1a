import type { CartState } from '@bevy/core';
import {
  Alert,
  Button,
  Box,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { OrderSummary, type SummaryRow } from '../../components/order-summary';
import { PageLoading } from '../../components/page-loading';
import { siteConfig } from '../../lib/site-config';
import { useCart } from '../../lib/use-cart';
import { useMe } from '../../lib/use-me';
import { useZipLocation } from '../../lib/use-zip-location';
import { CART_HEADING_ID } from './cart-focus';
import { buildCartView, type CartView } from './cart-view';
import { ProducerGroup } from './producer-group';
import { CatalogError } from './catalog-error';
import { useCartAddLink, type CartAddNotice } from './use-cart-add-link';
import { ticketLinesOf, useCartCatalog } from './use-cart-catalog';
import { useFulfillmentChoices, type FulfillmentChoices } from './use-fulfillment-choices';

/** Where 'Continue to checkout' leads. */
const CHECKOUT_PATH = '/shipping-and-billing';

function EmptyCart() {
  const { me } = useMe();
  // Wholesale buyers shop on the research page (they are sent away from /shop).
  const shopPath = me?.seesWholesalePricing ? '/business/research-and-shop' : '/shop';
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconShoppingCart size={26} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          Your cart is empty
        </Title>
        <Text ta="center" maw={480}>
          Find wine, beer, cider, spirits and more from producers near you, and add them here.
        </Text>
        <Button component={Link} to={shopPath}>
          Go to the shop
        </Button>
      </Stack>
    </Paper>
  );
}

/** Each producer's total (a dash while it is not known) and the grand total. */
function cartRows(view: CartView): SummaryRow[] {
  return [
    ...view.groups.map((group): SummaryRow => ({
      key: group.businessId,
      label: group.name,
      ...(group.totals ? { cents: group.totals.total } : { text: '—' }),
    })),
    { key: 'total', label: 'Grand total', cents: view.grandTotal, strong: true },
  ];
}

function CartSummary({ view }: { view: CartView }) {
  const blocked = view.ready ? null : 'Resolve the notes marked in your cart to continue.';
  return (
    <OrderSummary title="Order summary" rows={cartRows(view)}>
      <Text fz="xs" c="dark.6">
        Each producer’s order includes its tax + fees and its delivery or shipping fee.
        {view.feesPending
          ? ' Enter your ZIP code to add the fees that depend on where you are.'
          : ''}{' '}
        Checkout confirms every price.
      </Text>
      {blocked ? (
        <>
          <Button disabled aria-describedby="checkout-blocked">
            Continue to checkout
          </Button>
          <Text id="checkout-blocked" fz="sm">
            {blocked}
          </Text>
        </>
      ) : (
        <Button component={Link} to={CHECKOUT_PATH}>
          Continue to checkout
        </Button>
      )}
    </OrderSummary>
  );
}

interface CartContentsProps {
  cart: CartState;
  choices: FulfillmentChoices;
  onZipChange: (zip: string) => void;
  onModeChange: (businessId: number, mode: FulfillmentChoices['modes'][string]) => void;
}

function CartContents({ cart, choices, onZipChange, onModeChange }: CartContentsProps) {
  const { catalog, error, retry } = useCartCatalog(cart.addedIds, ticketLinesOf(cart));
  const { location, error: zipError } = useZipLocation(choices.zip);

  if (error) return <CatalogError message={error} onRetry={retry} />;
  if (!catalog) return <PageLoading />;

  const view = buildCartView(cart, catalog, choices.modes, location);
  return (
    <Group align="flex-start" gap="xl">
      <Stack gap="lg" style={{ flex: '999 1 540px' }} miw={0}>
        <TextInput
          label="Your ZIP code"
          description={
            location
              ? `${zipError ? 'Still checking for' : 'Checking delivery and shipping to'} ${location.city}, ${location.state}`
              : 'To check delivery and shipping to you'
          }
          placeholder="e.g. 97214"
          value={choices.zip}
          onChange={(event) => onZipChange(event.currentTarget.value)}
          error={zipError}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          maw={320}
        />
        {view.groups.map((group) => (
          <ProducerGroup
            key={group.businessId}
            group={group}
            buyer={view.buyerKind}
            onModeChange={onModeChange}
          />
        ))}
      </Stack>
      {/* Beside the groups on wide screens, below them on narrow ones. */}
      <Box style={{ flex: '1 1 280px' }}>
        <CartSummary view={view} />
      </Box>
    </Group>
  );
}

/** What became of a link's `?add=`: a polite status when it worked, an alert when not. */
function AddNotice({ notice, onClose }: { notice: CartAddNotice; onClose: () => void }) {
  const success = notice.tone === 'success';
  return (
    <Alert
      color={success ? 'green' : 'yellow'}
      c="dark.8"
      role={success ? 'status' : 'alert'}
      title={success ? 'Added to your cart' : 'Nothing was added'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      {notice.message}
    </Alert>
  );
}

/** The cart (/cart): lines by producer, each with its fulfillment choice and totals. */
export function CartPage() {
  useDocumentTitle(`Cart · ${siteConfig.siteName}`);
  const state = useCart();
  const { choices, setZip, setMode } = useFulfillmentChoices();
  const addLink = useCartAddLink();

  return (
    <Container size="xl" py="lg">
      {/* Focus lands here when the last line leaves the cart. */}
      <Title order={1} mb="md" id={CART_HEADING_ID} tabIndex={-1}>
        Your cart
      </Title>
      {state.status === 'unavailable' ? (
        <Alert color="red" title="Your cart cannot be used in this browser" role="alert">
          <Text fw={600}>{state.message}</Text>
          <Text mt="xs">
            The cart is kept in your browser’s local storage. Allow this site to store data (it is
            blocked in some private windows and by some privacy settings), then reload the page.
          </Text>
        </Alert>
      ) : (
        <Stack gap="md">
          {addLink.notice ? <AddNotice notice={addLink.notice} onClose={addLink.dismiss} /> : null}
          {state.discarded ? (
            <Alert color="yellow" title="Part of your saved cart could not be read" c="dark.8">
              It was removed. Please check your cart before you continue.
            </Alert>
          ) : null}
          {state.saveFailed ? (
            <Alert color="yellow" title="Your last change was not saved" c="dark.8" role="alert">
              Your browser’s storage is full or blocked, so this change will be lost when you leave
              the page.
            </Alert>
          ) : null}
          {state.cart.addedIds.length === 0 && !state.cart.tickets?.length ? (
            <EmptyCart />
          ) : (
            <CartContents
              cart={state.cart}
              choices={choices}
              onZipChange={setZip}
              onModeChange={setMode}
            />
          )}
        </Stack>
      )}
    </Container>
  );
}
