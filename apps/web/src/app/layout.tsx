import { Box } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BannerStrip } from '../components/banner-strip';
import { PageLoading } from '../components/page-loading';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';

/** After a client-side navigation, move focus to the new page, as a full page load would. */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    main.current?.focus();
  }, [pathname]);
  return main;
}

/** Every page: banner strip, header, the page itself, footer. */
export function AppLayout() {
  const main = useFocusMainOnNavigation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <BannerStrip />
      <SiteHeader />
      <Box component="main" id="main" ref={main} tabIndex={-1} style={{ flex: 1 }}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
    </Box>
  );
}
