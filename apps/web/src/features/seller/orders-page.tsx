import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { siteConfig } from '../../lib/site-config';

/** Orders for the businesses the user works at. Checkout does not exist yet, so there are none. */
export function OrdersPage() {
  useDocumentTitle(`Orders · ${siteConfig.siteName}`);
  return (
    <Container size="lg" py="lg">
      <Title order={1}>Orders</Title>
      <Paper withBorder p="xl" mt="lg" radius="md">
        <Stack align="center" gap="sm">
          <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
            <IconReceipt size={26} />
          </ThemeIcon>
          <Text ta="center" maw={480}>
            No orders yet. When buyers check out, their orders for your businesses appear here.
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
