import { Button, Group } from '@mantine/core';
import {
  IconAddressBook,
  IconChartBar,
  IconCalendarEvent,
  IconCash,
  IconCode,
  IconEdit,
  IconMail,
  IconMailForward,
  IconPackage,
  IconPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useMe } from '../lib/use-me';

export const businessPath = (slug: string) => `/business/${encodeURIComponent(slug)}`;

/** Whether the signed-in user may manage the business at `slug` (works there, or is an admin). */
export function useManagesBusiness(slug: string): { manages: boolean; fetching: boolean } {
  const { me, fetching } = useMe();
  const manages = Boolean(me && (me.is_admin || me.works_at.some((b) => b.slug === slug)));
  return { manages, fetching };
}

const LINKS = [
  { label: 'Manage Products', suffix: '/products', icon: IconPackage },
  { label: 'Add Product', suffix: '/products/new', icon: IconPlus },
  { label: 'Edit Public Profile', suffix: '/edit', icon: IconEdit },
  { label: 'Clubs', suffix: '/clubs', icon: IconUsersGroup },
  { label: 'Events', suffix: '/events', icon: IconCalendarEvent },
  { label: 'Customers', suffix: '/customers', icon: IconAddressBook },
  { label: 'Insights', suffix: '/insights', icon: IconChartBar },
  { label: 'Campaigns', suffix: '/campaigns', icon: IconMail },
  { label: 'Invitations', suffix: '/invitations', icon: IconMailForward },
  { label: 'Payouts', suffix: '/payouts', icon: IconCash },
  { label: 'Embed Shop', suffix: '/embed', icon: IconCode },
] as const;

/**
 * Spec "Business navigation block": Manage Products, Add Product, Edit Public Profile (and the
 * business's Payouts). Shown on
 * every page of a business to the people who manage it, and to no one else.
 */
export function BusinessNav({ slug }: { slug: string }) {
  const { manages } = useManagesBusiness(slug);
  const { pathname } = useLocation();
  if (!manages) return null;
  const base = businessPath(slug);
  return (
    <Group component="nav" aria-label="Business" gap="xs" wrap="wrap">
      {LINKS.map(({ label, suffix, icon: LinkIcon }) => {
        const to = `${base}${suffix}`;
        const current = pathname === to;
        return (
          <Button
            key={suffix}
            component={Link}
            to={to}
            size="xs"
            variant={current ? 'filled' : 'light'}
            aria-current={current ? 'page' : undefined}
            leftSection={<LinkIcon size={16} aria-hidden />}
          >
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
