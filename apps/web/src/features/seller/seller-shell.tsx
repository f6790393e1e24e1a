import {
  ActionIcon,
  AppShell,
  Avatar,
  Burger,
  Button,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import {
  IconCash,
  IconDots,
  IconEdit,
  IconExternalLink,
  IconLayoutDashboard,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconPackage,
  IconPlus,
  IconReceipt,
  IconShoppingBag,
  type Icon,
} from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Link, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { RouteError } from '../../components/route-error';
import { logOut } from '../../lib/logout';
import type { Me } from '../../lib/use-me';

/** Spec "Seller sidebar": 250 px wide, 80 px collapsed, a toggle below 768 px. */
const SIDEBAR_WIDTH = 250;
const COLLAPSED_SIDEBAR_WIDTH = 80;
// Mantine's "sm" breakpoint is 48em (768 px); below it the sidebar is opened by a burger.
const SIDEBAR_BREAKPOINT = 'sm';
// Exactly Mantine's own query below a breakpoint (768 px - 0.1 px), so the two never disagree.
const BELOW_SIDEBAR_BREAKPOINT = '(max-width: 47.99375em)';
const NAVIGATION_ID = 'seller-navigation';

type Business = Me['works_at'][number];

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

const businessPath = (slug: string) => `/business/${encodeURIComponent(slug)}`;

/** A labeled entry; collapsed, it shows only its icon, named by a tooltip and aria-label. */
function SidebarLink({
  to,
  label,
  icon: EntryIcon,
  compact,
}: {
  to: string;
  label: string;
  icon: Icon;
  compact: boolean;
}) {
  const { pathname } = useLocation();
  const active = pathname === to;
  const link = (
    <NavLink
      component={Link}
      to={to}
      label={compact ? undefined : label}
      aria-label={compact ? label : undefined}
      aria-current={active ? 'page' : undefined}
      active={active}
      leftSection={<EntryIcon size={20} aria-hidden />}
      styles={compact ? COMPACT_NAV_LINK_STYLES : undefined}
    />
  );
  return compact ? (
    <Tooltip label={label} position="right" withArrow>
      {link}
    </Tooltip>
  ) : (
    link
  );
}

const COMPACT_NAV_LINK_STYLES = {
  root: { justifyContent: 'center' },
  section: { marginInlineEnd: 0 },
  body: { display: 'none' },
};

/** The pages of one business, for its "more" menu. */
function BusinessMenuItems({ business }: { business: Business }) {
  const base = businessPath(business.slug);
  return (
    <>
      <Menu.Label>{business.name}</Menu.Label>
      <Menu.Item
        component={Link}
        to={base}
        leftSection={<IconExternalLink size={16} aria-hidden />}
      >
        Public page
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={`${base}/edit`}
        leftSection={<IconEdit size={16} aria-hidden />}
      >
        Edit profile
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={`${base}/products`}
        leftSection={<IconPackage size={16} aria-hidden />}
      >
        Manage products
      </Menu.Item>
      <Menu.Item
        component={Link}
        to={`${base}/payouts`}
        leftSection={<IconCash size={16} aria-hidden />}
      >
        Payouts
      </Menu.Item>
    </>
  );
}

function BusinessEntry({ business, compact }: { business: Business; compact: boolean }) {
  const { pathname } = useLocation();
  const base = businessPath(business.slug);
  const active = pathname === base || pathname.startsWith(`${base}/`);
  const avatar = (
    <Avatar size={28} radius="sm" color="wine" aria-hidden>
      {initials(business.name)}
    </Avatar>
  );

  if (compact) {
    // No room for the name: the avatar itself opens the business's menu.
    return (
      <Menu position="right-start" withArrow width={200}>
        <Tooltip label={business.name} position="right" withArrow>
          <Menu.Target>
            <UnstyledButton
              aria-label={`${business.name}: pages`}
              p={6}
              style={{
                display: 'flex',
                justifyContent: 'center',
                borderRadius: 'var(--mantine-radius-sm)',
                background: active ? 'var(--mantine-color-wine-light)' : undefined,
              }}
            >
              {avatar}
            </UnstyledButton>
          </Menu.Target>
        </Tooltip>
        <Menu.Dropdown>
          <BusinessMenuItems business={business} />
        </Menu.Dropdown>
      </Menu>
    );
  }

  return (
    <Group gap={4} wrap="nowrap">
      <NavLink
        component={Link}
        to={base}
        label={business.name}
        active={active}
        aria-current={pathname === base ? 'page' : undefined}
        leftSection={avatar}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Menu position="bottom-end" withArrow width={200}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="dark" aria-label={`More for ${business.name}`}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <BusinessMenuItems business={business} />
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function SellerNavigation({
  businesses,
  compact,
  onToggleCompact,
}: {
  businesses: Business[];
  compact: boolean;
  /** Absent on small screens, where the burger opens and closes the whole sidebar instead. */
  onToggleCompact?: () => void;
}) {
  const collapseLabel = compact ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <Stack gap={4}>
      {onToggleCompact ? (
        <Group justify={compact ? 'center' : 'flex-end'} mb={4}>
          <Tooltip label={collapseLabel} position="right" withArrow>
            <ActionIcon
              variant="subtle"
              color="dark"
              size="lg"
              onClick={onToggleCompact}
              aria-label={collapseLabel}
              aria-expanded={!compact}
              aria-controls={NAVIGATION_ID}
            >
              {compact ? (
                <IconLayoutSidebarLeftExpand size={20} aria-hidden />
              ) : (
                <IconLayoutSidebarLeftCollapse size={20} aria-hidden />
              )}
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null}
      <SidebarLink to="/dashboard" label="Dashboard" icon={IconLayoutDashboard} compact={compact} />
      <SidebarLink to="/business/orders" label="Orders" icon={IconReceipt} compact={compact} />
      {compact ? null : (
        <Text fz="xs" fw={700} tt="uppercase" c="dark.6" mt="md" mb={4} px="sm">
          Your businesses
        </Text>
      )}
      <Stack
        gap={4}
        mt={compact ? 'sm' : 0}
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {businesses.map((business) => (
          <li key={business.id}>
            <BusinessEntry business={business} compact={compact} />
          </li>
        ))}
      </Stack>
      {compact ? (
        <Group justify="center" my="xs">
          <Tooltip label="Add new business" position="right" withArrow>
            <ActionIcon
              component={Link}
              to="/business/new"
              variant="light"
              size="lg"
              aria-label="Add new business"
            >
              <IconPlus size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : (
        <Button
          component={Link}
          to="/business/new"
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          my="xs"
        >
          Add new business
        </Button>
      )}
      <SidebarLink
        to="/business/research-and-shop"
        label="Shop / Research"
        icon={IconShoppingBag}
        compact={compact}
      />
      <LogoutEntry compact={compact} />
    </Stack>
  );
}

function LogoutEntry({ compact }: { compact: boolean }) {
  const entry = (
    <NavLink
      component="button"
      type="button"
      onClick={logOut}
      label={compact ? undefined : 'Log out'}
      aria-label={compact ? 'Log out' : undefined}
      leftSection={<IconLogout size={20} aria-hidden />}
      styles={compact ? COMPACT_NAV_LINK_STYLES : undefined}
    />
  );
  return compact ? (
    <Tooltip label="Log out" position="right" withArrow>
      {entry}
    </Tooltip>
  ) : (
    entry
  );
}

/** The sidebar and the page beside it, for someone who works at one or more businesses. */
export function SellerShell({ businesses }: { businesses: Business[] }) {
  const smallScreen = useMediaQuery(BELOW_SIDEBAR_BREAKPOINT, false, {
    getInitialValueInEffect: false,
  });
  const [collapsed, setCollapsed] = useLocalStorage({
    key: 'sellerSidebarCollapsed',
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const { pathname } = useLocation();
  // On a small screen the open sidebar covers the top of the page; close it once a link is followed.
  useEffect(() => closeMobile(), [pathname, closeMobile]);

  const compact = collapsed && !smallScreen;
  return (
    <>
      {smallScreen ? (
        <Group px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Burger
            opened={mobileOpened}
            onClick={toggleMobile}
            size="sm"
            aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
            aria-expanded={mobileOpened}
            aria-controls={NAVIGATION_ID}
          />
          <Text fw={600} aria-hidden>
            Seller menu
          </Text>
        </Group>
      ) : null}
      <AppShell
        mode="static"
        padding={0}
        // Mantine's static shell scrolls itself (overflow: auto), which stops the sidebar sticking
        // to the window and would hide a too-wide page inside the shell instead of showing it.
        style={{ overflow: 'visible' }}
        navbar={{
          width: compact ? COLLAPSED_SIDEBAR_WIDTH : SIDEBAR_WIDTH,
          breakpoint: SIDEBAR_BREAKPOINT,
          // Below the breakpoint the burger shows the sidebar in the page flow (see style below).
          // Always `mobile: true`: with `false` Mantine makes the sidebar full width up to and
          // including 768 px (max-width: 48em) while from 768 px it is also the first grid
          // column, so at exactly 768 px the sidebar took the whole width and hid the page.
          collapsed: { mobile: true },
        }}
      >
        <AppShell.Navbar
          id={NAVIGATION_ID}
          aria-label="Seller"
          withBorder={false}
          p="sm"
          style={
            smallScreen
              ? {
                  // In the flow, above the page, rather than fixed over the site header.
                  position: 'static',
                  height: 'auto',
                  // Undo the slide-out that `collapsed.mobile` adds; `display` hides it instead.
                  transform: 'none',
                  display: mobileOpened ? 'flex' : 'none',
                  borderBottom: '1px solid var(--mantine-color-gray-3)',
                }
              : {
                  // Only as tall as its links, and sticky, so it stays in view down a long page.
                  height: 'auto',
                  maxHeight: '100dvh',
                  alignSelf: 'start',
                  overflowY: 'auto',
                }
          }
        >
          <SellerNavigation
            businesses={businesses}
            compact={compact}
            onToggleCompact={smallScreen ? undefined : () => setCollapsed((value) => !value)}
          />
        </AppShell.Navbar>
        {/* The site layout already has the page's <main>; this is only its column. */}
        {/* The dividing line is the page's, not the sidebar's: the sidebar is only as tall as its links. */}
        <AppShell.Main
          component="div"
          style={{
            minWidth: 0,
            borderInlineStart: smallScreen ? undefined : '1px solid var(--app-shell-border-color)',
          }}
        >
          {/* Here too, so that a failing page keeps the sidebar beside its error screen. */}
          <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
