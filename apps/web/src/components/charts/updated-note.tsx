import { Text, VisuallyHidden } from '@mantine/core';

const time = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/**
 * "Updated 14:05:09": when the live figures last arrived, and whether the last try failed. The
 * time changes every 5 s, so it is not a live region (a screen reader would repeat it endlessly);
 * only a failed refresh is announced.
 */
export function UpdatedNote({ at, failed }: { at: Date | null; failed: boolean }) {
  const problem = Boolean(at) && failed;
  return (
    <>
      <Text fz="sm" c="dark.6">
        {at ? `Updated ${time.format(at)}` : 'Loading figures…'}
        {problem ? ' · the latest refresh failed; retrying' : ''}
      </Text>
      <VisuallyHidden role="status">
        {problem ? 'The latest refresh of the figures failed; retrying.' : ''}
      </VisuallyHidden>
    </>
  );
}
