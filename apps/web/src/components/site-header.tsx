import { Anchor, Box, Burger, Button, Container, Group, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconGlassFull, IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { siteConfig } from '../lib/site-config';
import { useMe } from '../lib/use-me';
import { MainLinks, MENU_ID, useNextQuery } from './site-links';

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

// Phones only, on demand: the drawer's overlay code stays out of every page's first download.
const MenuDrawer = lazy(() =>
  import('./menu-drawer').then((module) => ({ default: module.MenuDrawer })),
);

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

export function SiteHeader() {
  const { me, fetching } = useMe();
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  // Mounted from the first opening on, so that it can animate closed afterwards.
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (menuOpened && !menuLoaded) setMenuLoaded(true);
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
        {/* As tall as its buttons from the start: "Sign up" arriving does not move the page. */}
        <Group justify="space-between" wrap="nowrap" gap="xs" mih={36}>
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
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MenuDrawer me={me} opened={menuOpened} onClose={closeMenu} />
        </Suspense>
      ) : null}
    </Box>
  );
}
