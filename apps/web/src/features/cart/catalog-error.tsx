import { Alert, Button, Stack, Text } from '@mantine/core';

/** The cart's current prices could not be loaded: what went wrong, and a way to try again. */
export function CatalogError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" title="We could not load the current prices of your cart" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text>{message}</Text>
        <Button variant="light" color="red" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
