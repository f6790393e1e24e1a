import { Box, Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { BannerStrip } from '../components/banner-strip';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

function PageLoading() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Box ml="sm">Loading...</Box>
    </Center>
  );
}

/** Every page: banner strip, header, the page itself, footer. */
export function AppLayout() {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <BannerStrip />
      <SiteHeader />
      <Box component="main" id="main" style={{ flex: 1 }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
    </Box>
  );
}
