import { Box } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
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
    // Without scrolling: <ScrollRestoration> has already put the page at the top (or, going
    // back, where it was).
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}

/** Every page: banner strip, header, the page itself, footer. */
export function AppLayout() {
  const main = useFocusMainOnNavigation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      {/* A new page opens at its top; Back and Forward return to where the reader was. */}
      <ScrollRestoration />
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
