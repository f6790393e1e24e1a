import { Alert, Anchor, Box, Container, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { safeLinkTarget } from '../lib/safe-url';
import {
  bannerKey,
  DISMISSED_BANNERS_KEY,
  parseDismissedKeys,
  visibleBanners,
  withDismissal,
  type Banner,
} from './banner-order';

export type { Banner } from './banner-order';

const COLOR_BY_TYPE: Record<string, string> = {
  info: 'blue',
  success: 'green',
  warning: 'yellow',
  error: 'red',
};

function BannerLink({ url, title }: { url: string; title: string }) {
  const target = safeLinkTarget(url, { allowPath: true });
  if (!target) return null;
  return target.startsWith('/') ? (
    <Anchor component={Link} to={target} fw={600} c="dark.8" underline="always">
      {title}
    </Anchor>
  ) : (
    <Anchor
      href={target}
      fw={600}
      c="dark.8"
      underline="always"
      target="_blank"
      rel="noopener noreferrer"
    >
      {title}
    </Anchor>
  );
}

function BannerAlert({ banner, onDismiss }: { banner: Banner; onDismiss: () => void }) {
  return (
    <Alert
      role="note"
      color={COLOR_BY_TYPE[banner.type] ?? 'blue'}
      variant="light"
      radius={0}
      py="xs"
      withCloseButton={banner.dismissible}
      closeButtonLabel="Dismiss announcement"
      onClose={onDismiss}
      className={`banner banner-${banner.type.replace(/[^a-z0-9-]/gi, '')}`}
      data-banner-type={banner.type}
    >
      <Container size="xl" px={0}>
        {banner.lines.map((line, index) => (
          <Text key={index} fz="sm" c="dark.8">
            {line}
            {index === banner.lines.length - 1 && banner.link ? (
              <>
                {' '}
                <BannerLink {...banner.link} />
              </>
            ) : null}
          </Text>
        ))}
      </Container>
    </Alert>
  );
}

/**
 * The banners the server put in the page (web.routes.ts), read once: the strip shows them in the
 * first paint instead of pushing the page down when a fetch answers. Null when there are none.
 */
function bannersInPage(): Banner[] | null {
  const element = document.getElementById('initial-banners');
  if (!element?.textContent) return null;
  try {
    const banners: unknown = JSON.parse(element.textContent);
    return Array.isArray(banners) ? (banners as Banner[]) : null;
  } catch {
    return null;
  }
}

/**
 * The site's announcements: those that cannot be dismissed first (the 21+ notice), then the first
 * one not yet dismissed in this browser; dismissing it reveals the next, and is remembered.
 */
export function BannerStrip() {
  const [inPage] = useState(bannersInPage);
  const [banners, setBanners] = useState<Banner[]>(inPage ?? []);
  const [dismissed, setDismissed] = useLocalStorage<string[]>({
    key: DISMISSED_BANNERS_KEY,
    defaultValue: [],
    getInitialValueInEffect: false,
    deserialize: parseDismissedKeys,
  });

  useEffect(() => {
    if (inPage) return;
    const controller = new AbortController();
    fetch('/banners', { credentials: 'include', signal: controller.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`GET /banners answered ${response.status}`);
        return response.json() as Promise<Banner[]>;
      })
      .then(setBanners)
      .catch((error: unknown) => {
        // The original only logs a failed banner fetch; the page works without banners.
        if (!controller.signal.aborted) console.warn('Could not load banners', error);
      });
    return () => controller.abort();
  }, [inPage]);

  const shown = visibleBanners(banners, dismissed);
  if (shown.length === 0) return null;
  return (
    <Box component="aside" aria-label="Announcements">
      {shown.map((banner) => (
        <BannerAlert
          key={bannerKey(banner)}
          banner={banner}
          onDismiss={() => setDismissed((current) => withDismissal(current, banner, banners))}
        />
      ))}
    </Box>
  );
}
