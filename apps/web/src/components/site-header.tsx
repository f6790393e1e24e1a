import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { IconGlassFull, IconShoppingCart } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { siteConfig } from '../lib/site-config';
import { useMe, type Me } from '../lib/use-me';

/** Pages a visitor should not be sent back to after logging in from them. */
const AccountMenu = lazy(() =>
  import('./account-menu').then((module) => ({ default: module.AccountMenu })),
);

// Loaded beside the page: the first paint does not wait for the cart's code.
const CartCount = lazy(() =>
  import('./cart-count').then((module) => ({ default: module.CartCount })),
);

const ACCOUNT_PATHS = ['/login', '/signup', '/forgot-password', '/reset-password'];

function navLinks(me: Me | null) {
  // Wholesale buyers are sent from /shop to their dashboard; they shop on the research page.
  const shopPath = me?.seesWholesalePricing ? '/business/research-and-shop' : '/shop';
  return [
    { to: shopPath, label: 'Shop' },
    { to: '/sell', label: 'Sell' },
    { to: '/about', label: 'About' },
  ];
}

function AnonymousLinks() {
  const { pathname, search } = useLocation();
  // Come back to this page after logging in, unless this page is itself about logging in.
  const next = ACCOUNT_PATHS.includes(pathname)
    ? ''
    : `?next=${encodeURIComponent(pathname + search)}`;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to={`/login${next}`} variant="subtle" color="dark">
        Log in
      </Button>
      <Button component={Link} to={`/signup${next}`}>
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
        Cart
        <Suspense fallback={null}>
          <CartCount />
        </Suspense>
      </Group>
    </Anchor>
  );
}

export function SiteHeader() {
  const { me, fetching } = useMe();
  return (
    <Box
      component="header"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="xl">
        <Group justify="space-between" wrap="wrap" gap="sm">
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
          <Group gap="lg" wrap="nowrap">
            <Box component="nav" aria-label="Main">
              <Group gap="lg">
                {navLinks(me).map((link) => (
                  <Anchor
                    key={link.label}
                    component={NavLink}
                    to={link.to}
                    c="dark.7"
                    fw={500}
                    style={({ isActive }: { isActive: boolean }) => ({
                      textDecoration: isActive ? 'underline' : undefined,
                    })}
                  >
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            </Box>
            <CartLink />
            {/* Nothing until the first answer, so a logged-in user never sees "Log in" flash. */}
            {me ? (
              <Suspense fallback={<Text fw={600}>{me.name}</Text>}>
                <AccountMenu me={me} />
              </Suspense>
            ) : fetching ? null : (
              <AnonymousLinks />
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
