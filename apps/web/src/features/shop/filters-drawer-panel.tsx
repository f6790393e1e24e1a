import { Button, Drawer } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';

/** The drawer itself, loaded at the first opening (see FiltersDrawer). */
export function FiltersDrawerPanel({
  opened,
  onClose,
  onReady,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  /** Called once mounted (closed), when it may be opened. */
  onReady: () => void;
  children: ReactNode;
}) {
  useEffect(() => onReady(), [onReady]);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Filters"
      keepMounted
      size="100%"
      closeButtonProps={{ 'aria-label': 'Close filters' }}
    >
      {children}
      <Button fullWidth mt="xl" onClick={onClose}>
        Show results
      </Button>
    </Drawer>
  );
}
