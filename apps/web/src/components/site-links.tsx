import { Anchor, Group, Stack } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';
import type { Me } from '../lib/use-me';

/** The site's main links, in the header on wide screens and in the menu drawer on phones. */

/** The id of the phone's menu drawer, which the header's burger controls. */
export const MENU_ID = 'site-menu';

/** Pages a visitor should not be sent back to after logging in from them. */
const ACCOUNT_PATHS = ['/login', '/signup', '/forgot-password', '/reset-password'];

function navLinks(me: Me | null) {
  // Wholesale buyers are sent from /shop to their dashboard; they shop on the research page.
  const shopPath = me?.seesWholesalePricing ? '/business/research-and-shop' : '/shop';
  return [
    { to: shopPath, label: 'Shop' },
    { to: '/events', label: 'Events' },
    { to: '/sell', label: 'Sell' },
    { to: '/about', label: 'About' },
  ];
}

/** "?next=<this page>", so logging in comes back here; none from the account pages themselves. */
export function useNextQuery(): string {
  const { pathname, search } = useLocation();
  return ACCOUNT_PATHS.includes(pathname) ? '' : `?next=${encodeURIComponent(pathname + search)}`;
}

export function MainLinks({ me, vertical = false }: { me: Me | null; vertical?: boolean }) {
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
