import { Anchor, Box, Button, Container, Group, Menu, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconGlassFull,
  IconLayoutDashboard,
  IconLicense,
  IconLogout,
  IconShieldLock,
} from '@tabler/icons-react';
import { Link, NavLink, useLocation } from 'react-router';
import { logOut } from '../lib/logout';
import { siteConfig } from '../lib/site-config';
import { useMe, type Me } from '../lib/use-me';

/** Pages a visitor should not be sent back to after logging in from them. */
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

function AccountMenu({ me }: { me: Me }) {
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          rightSection={<IconChevronDown size={16} aria-hidden />}
        >
          {me.name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me.email}</Menu.Label>
        <Menu.Item
          component={Link}
          to="/dashboard"
          leftSection={<IconLayoutDashboard size={16} aria-hidden />}
        >
          Dashboard
        </Menu.Item>
        {me.seesWholesalePricing ? null : (
          <Menu.Item
            component={Link}
            to="/wholesale/apply"
            leftSection={<IconLicense size={16} aria-hidden />}
          >
            Apply for wholesale
          </Menu.Item>
        )}
        {me.is_admin ? (
          <Menu.Item
            component={Link}
            to="/admin"
            leftSection={<IconShieldLock size={16} aria-hidden />}
          >
            Administration
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={logOut}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
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
            {/* Nothing until the first answer, so a logged-in user never sees "Log in" flash. */}
            {me ? <AccountMenu me={me} /> : fetching ? null : <AnonymousLinks />}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
