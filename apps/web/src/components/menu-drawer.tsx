import { Box, Button, Drawer, Stack } from '@mantine/core';
import { Link } from 'react-router';
import type { Me } from '../lib/use-me';
import { MainLinks, MENU_ID, useNextQuery } from './site-links';

/** Below 768 px the site's links move into a drawer that the header's burger opens. */
export function MenuDrawer({
  me,
  opened,
  onClose,
}: {
  me: Me | null;
  opened: boolean;
  onClose: () => void;
}) {
  const next = useNextQuery();
  return (
    <Drawer
      id={MENU_ID}
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(20rem, 100%)"
      title="Menu"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack gap="lg">
        <Box component="nav" aria-label="Main">
          <MainLinks me={me} vertical />
        </Box>
        {me ? null : (
          <Button component={Link} to={`/login${next}`} variant="default">
            Log in
          </Button>
        )}
      </Stack>
    </Drawer>
  );
}
