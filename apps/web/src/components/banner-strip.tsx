import { Alert, Anchor, Container, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { safeLinkTarget } from '../lib/safe-url';

/** A banner as GET /banners returns it. */
export interface Banner {
  type: string;
  lines: string[];
  link: { url: string; title: string } | null;
  dismissible: boolean;
}

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

/** Shows the first banner not yet dismissed; dismissing one reveals the next. */
export function BannerStrip() {
  const [banners, setBanners] = useState<Banner[]>([]);
  const [dismissed, setDismissed] = useState(0);

  useEffect(() => {
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
  }, []);

  const banner = banners[dismissed];
  if (!banner) return null;
  return (
    <Alert
      component="aside"
      role="complementary"
      aria-label="Announcement"
      color={COLOR_BY_TYPE[banner.type] ?? 'blue'}
      variant="light"
      radius={0}
      py="xs"
      withCloseButton={banner.dismissible}
      closeButtonLabel="Dismiss announcement"
      onClose={() => setDismissed((index) => index + 1)}
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
