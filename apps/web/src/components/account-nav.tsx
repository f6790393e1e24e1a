import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

const LINKS = [
  { label: 'Settings', to: '/account' },
  { label: 'Privacy', to: '/account/privacy' },
] as const;

/** The tabs of a person's account pages, under each page's h1: settings and privacy. */
export function AccountNav() {
  const { pathname } = useLocation();
  return (
    <Group
      component="nav"
      aria-label="Account"
      gap="lg"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      {LINKS.map(({ label, to }) => {
        const current = pathname === to;
        return (
          <Anchor
            key={to}
            component={Link}
            to={to}
            aria-current={current ? 'page' : undefined}
            underline="never"
            fw={current ? 700 : 500}
            c={current ? 'dark.9' : 'dark.6'}
            py="xs"
            style={{
              borderBottom: `3px solid ${current ? 'var(--mantine-primary-color-filled)' : 'transparent'}`,
              marginBottom: -1,
            }}
          >
            {label}
          </Anchor>
        );
      })}
    </Group>
  );
}
