import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconBuildingStore, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { FallbackProps } from 'react-error-boundary';
import { Link, useNavigate } from 'react-router';
import { siteConfig } from '../lib/site-config';

export const ROUTE_ERROR_HEADING = 'Something went wrong';

/** What went wrong, in words for a shopper; a failed download of the page's code asks for a reload. */
function describe(error: unknown): string {
  if (
    error instanceof Error &&
    /dynamically imported module|Importing a module/i.test(error.message)
  ) {
    return 'Part of the site could not be downloaded. Check your connection and reload the page.';
  }
  return 'This page could not be shown. Please reload it, or carry on from the shop.';
}

/**
 * What a page that failed while rendering shows instead of a blank screen: what happened and the
 * ways on. Rendered inside the site layout (and the seller area), so the header stays usable;
 * moving to another page clears it.
 */
export function RouteError({ error }: FallbackProps) {
  const navigate = useNavigate();
  useDocumentTitle(`${ROUTE_ERROR_HEADING} · ${siteConfig.siteName}`);
  useEffect(() => {
    // Kept for whoever debugs the page in the browser's console.
    console.error(error);
  }, [error]);
  // history.state.idx is React Router's position in this tab's history: 0 is the first page.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

  return (
    <Container size="sm" py="xl">
      <Stack component="section" gap="md" aria-labelledby="route-error-heading">
        <Title order={1} id="route-error-heading">
          {ROUTE_ERROR_HEADING}
        </Title>
        <Text>{describe(error)}</Text>
        <Group gap="sm">
          <Button
            component={Link}
            to="/shop"
            leftSection={<IconBuildingStore size={18} aria-hidden />}
          >
            Go to the shop
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            Reload the page
          </Button>
          {canGoBack ? (
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
              onClick={() => void navigate(-1)}
            >
              Go back
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Container>
  );
}

/**
 * The last resort, when the site's own layout failed: no header (it may be what broke), plain
 * links that reload the app.
 */
export function AppError({ error }: FallbackProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Title order={1}>{ROUTE_ERROR_HEADING}</Title>
        <Text>{describe(error)}</Text>
        <Group gap="sm">
          <Button component="a" href="/shop">
            Go to the shop
          </Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
