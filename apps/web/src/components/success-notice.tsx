import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What just went well, announced politely, until the reader dismisses it. */
export function SuccessNotice({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <Alert color="green" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={onClose}>
      <Text fz="sm" c="dark.8">
        {children}
      </Text>
    </Alert>
  );
}
