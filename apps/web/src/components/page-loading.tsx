import { Box, Center, Loader } from '@mantine/core';

/** The loading state of a page or a section: a spinner and the words 'Loading...'. */
export function PageLoading() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Box ml="sm">Loading...</Box>
    </Center>
  );
}
