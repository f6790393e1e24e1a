import {
  Anchor,
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconGlassFull, IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { siteConfig } from '../lib/site-config';
import { useMe, type Me } from '../lib/use-me';

const AccountMenu = lazy(() =>
  import('./account-menu').then((module) => ({ default: module.AccountMenu })),
);

// Loaded beside the page: the first paint does not wait for the cart's code.
const CartCountBadge = lazy(() =>
  import('./cart-count').then((module) => ({ default: module.CartCountBadge })),
);
const CartCountLabel = lazy(() =>
  import('./cart-count').then((module) => ({ default: module.CartCountLabel })),
);

/** Pages a visitor should not be sent back to after logging in from them. */
const ACCOUNT_PATHS = ['/login', '/signup', '/forgot-password', '/reset-password'];
const MENU_ID = 'site-menu';

function navLinks(me: Me | null) {
  // Wholesale buyers are sent from /shop to their dashboard; they shop on the research page.
  const shopPath = me?.seesWholesalePricing ? '/business/research-and-shop' : '/shop';
  return [
    { to: shopPath, label: 'Shop' },
    { to: '/sell', label: 'Sell' },
    { to: '/about', label: 'About' },
  ];
}

/** "?next=<this page>", so logging in comes back here; none from the account pages themselves. */
function useNextQuery(): string {
  const { pathname, search } = useLocation();
  return ACCOUNT_PATHS.includes(pathname) ? '' : `?next=${encodeURIComponent(pathname + search)}`;
}

/** Log in and Sign up; on a phone "Log in" moves into the menu, so the row fits 320 px. */
function AnonymousLinks() {
  const next = useNextQuery();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to={`/login${next}`} variant="subtle" color="dark" visibleFrom="sm">
        Log in
      </Button>
      <Button component={Link} to={`/signup${next}`} px={{ base: 'sm', sm: 'lg' }}>
        Sign up
      </Button>
    </Group>
  );
}

/** The cart link; how many units the cart holds shows once the cart's code has loaded. */
function CartLink() {
  return (
    <Anchor component={Link} to="/cart" c="dark.7" fw={500}>
      <Group gap={4} wrap="nowrap">
        <IconShoppingCart size={22} aria-hidden />
        {/* Seen: "Cart" (not on a phone) and the badge. Heard: "Cart, 12 items", one text. */}
        <span className="visually-hidden-below-sm" aria-hidden>
          Cart
        </span>
        <Suspense fallback={<VisuallyHidden component="span">Cart</VisuallyHidden>}>
          <CartCountLabel />
        </Suspense>
        <Suspense fallback={null}>
          <CartCountBadge />
        </Suspense>
      </Group>
    </Anchor>
  );
}

function MainLinks({ me, vertical = false }: { me: Me | null; vertical?: boolean }) {
  const links = navLinks(me).map((link) => (
    <Anchor
      key={link.label}
      component={NavLink}
      to={link.to}
      c="dark.7"
      fw={500}
      fz={vertical ? 'lg' : undefined}
      style={({ isActive }: { isActive: boolean }) => ({
        textDecoration: isActive ? 'underline' : undefined,
      })}
    >
      {link.label}
    </Anchor>
  ));
  return vertical ? <Stack gap="md">{links}</Stack> : <Group gap="lg">{links}</Group>;
}

/** Below 768 px the site's links move into a drawer that the header's burger opens. */
function MenuDrawer({
  me,
  opened,
  onClose,
}: {
  me: Me | null;
  opened: boolean;
  onClose: () => void;
}) {
  const next = useNextQuery();
  return (
    <Drawer
      id={MENU_ID}
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(20rem, 100%)"
      title="Menu"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack gap="lg">
        <Box component="nav" aria-label="Main">
          <MainLinks me={me} vertical />
        </Box>
        {me ? null : (
          <Button component={Link} to={`/login${next}`} variant="default">
            Log in
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}

export function SiteHeader() {
  const { me, fetching } = useMe();
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const { pathname } = useLocation();
  // Following a link in the drawer leaves it open behind the new page otherwise.
  useEffect(() => closeMenu(), [pathname, closeMenu]);
  // Widened past the breakpoint, the links are in the header again: no drawer over the page.
  const wide = useMediaQuery('(min-width: 48em)');
  useEffect(() => {
    if (wide) closeMenu();
  }, [wide, closeMenu]);
  return (
    <Box
      component="header"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to="/shop"
            underline="never"
            c="wine.8"
            aria-label={`${siteConfig.siteName} home`}
          >
            <Group gap={6} wrap="nowrap">
              <IconGlassFull size={26} aria-hidden />
              <Text component="span" fw={800} fz="xl">
                {siteConfig.siteName}
              </Text>
            </Group>
          </Anchor>
          <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
            <Box component="nav" aria-label="Main" visibleFrom="sm">
              <MainLinks me={me} />
            </Box>
            <CartLink />
            {/* Nothing until the first answer, so a logged-in user never sees "Log in" flash. */}
            {me ? (
              <Suspense
                fallback={
                  <Text fw={600} className="visually-hidden-below-sm">
                    {me.name}
                  </Text>
                }
              >
                <AccountMenu me={me} />
              </Suspense>
            ) : fetching ? null : (
              <AnonymousLinks />
            )}
            <Burger
              hiddenFrom="sm"
              size="sm"
              opened={menuOpened}
              onClick={toggleMenu}
              aria-label={menuOpened ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpened}
              aria-controls={MENU_ID}
            />
          </Group>
        </Group>
      </Container>
      <MenuDrawer me={me} opened={menuOpened} onClose={closeMenu} />
    </Box>
  );
}
