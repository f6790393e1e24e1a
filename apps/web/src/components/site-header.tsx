import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconGlassFull } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { siteConfig } from '../lib/site-config';

const NAV_LINKS = [
  { to: '/shop', label: 'Shop' },
  { to: '/sell', label: 'Sell' },
  { to: '/about', label: 'About' },
];

export function SiteHeader() {
  return (
    <Box
      component="header"
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap">
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
          <Box component="nav" aria-label="Main">
            <Group gap="lg">
              {NAV_LINKS.map((link) => (
                <Anchor
                  key={link.to}
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
        </Group>
      </Container>
    </Box>
  );
}
