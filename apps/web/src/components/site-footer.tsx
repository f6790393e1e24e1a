import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { siteConfig, telHref } from '../lib/site-config';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      py="lg"
      mt="xl"
      bg="gray.0"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="xl">
        <Stack gap="xs">
          <Group component="nav" aria-label="Footer" gap="lg">
            <Anchor component={Link} to="/about" c="dark.7">
              About
            </Anchor>
            <Anchor component={Link} to="/tos" c="dark.7">
              Terms of Service
            </Anchor>
            <Anchor component={Link} to="/privacy" c="dark.7">
              Privacy Policy
            </Anchor>
            <Anchor href={`mailto:${siteConfig.contactEmail}`} c="dark.7">
              {siteConfig.contactEmail}
            </Anchor>
            <Anchor href={telHref(siteConfig.contactPhone)} c="dark.7">
              {siteConfig.contactPhone}
            </Anchor>
          </Group>
          <Text component="address" fz="sm" c="dark.6" style={{ fontStyle: 'normal' }}>
            {siteConfig.postalAddress}
          </Text>
          <Text fz="sm" c="dark.6">
            © {year} {siteConfig.siteName}. Please drink responsibly; you must be 21 or older to
            buy.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
