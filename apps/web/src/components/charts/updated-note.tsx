import { Text } from '@mantine/core';

const time = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** "Updated 14:05:09": when the live figures last arrived, and whether the last try failed. */
export function UpdatedNote({ at, failed }: { at: Date | null; failed: boolean }) {
  return (
    <Text fz="sm" c="dark.6" aria-live="polite">
      {at ? `Updated ${time.format(at)}` : 'Loading figures…'}
      {at && failed ? ' · the latest refresh failed; retrying' : ''}
    </Text>
  );
}
