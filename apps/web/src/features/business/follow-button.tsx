import { Button } from '@mantine/core';
import { IconHeart } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useMe } from '../../lib/use-me';

// The dialog and its form are for signed-in buyers: visitors, most of the page's, do without them.
const FollowControls = lazy(() =>
  import('./follow-controls').then((m) => ({ default: m.FollowControls })),
);

const heart = <IconHeart size={18} aria-hidden />;

/** Follow a producer: a way to sign in first for a visitor, the follow dialog for a buyer. */
export function FollowButton({ slug, name }: { slug: string; name: string }) {
  const { me } = useMe();
  const { pathname } = useLocation();
  if (!me) {
    return (
      <Button
        component={Link}
        to={`/login?next=${encodeURIComponent(pathname)}`}
        variant="light"
        leftSection={heart}
      >
        Follow
      </Button>
    );
  }
  return (
    <Suspense
      fallback={
        <Button variant="light" leftSection={heart} disabled>
          Follow
        </Button>
      }
    >
      <FollowControls slug={slug} name={name} />
    </Suspense>
  );
}
