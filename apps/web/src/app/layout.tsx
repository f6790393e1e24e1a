import { Box } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet, useLocation } from 'react-router';
import { BannerStrip } from '../components/banner-strip';
import { PageLoading } from '../components/page-loading';
import { RouteError } from '../components/route-error';
import { SiteFooter } from '../components/site-footer';
import { SiteHeader } from '../components/site-header';
import { useScrollRestoration } from '../lib/scroll-restoration';

/** After a client-side navigation, move focus to the new page, as a full page load would. */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // Without scrolling: useScrollRestoration puts the page at the top (or, going back, where
    // it was).
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
  return main;
}

/** Every page: banner strip, header, the page itself, footer. */
export function AppLayout() {
  const main = useFocusMainOnNavigation();
  const { pathname } = useLocation();
  // A new page opens at its top; Back and Forward return to where the reader was.
  useScrollRestoration();
  return (
    <Box style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <BannerStrip />
      <SiteHeader />
      {/*
        A screen tall at least: the footer starts below the fold, so a page whose content arrives
        after its first paint (the shop's results, say) does not push it down in view.
      */}
      <Box component="main" id="main" ref={main} tabIndex={-1} mih="100vh">
        {/* A page that fails to load or to render shows what happened and the ways on. */}
        <ErrorBoundary FallbackComponent={RouteError} resetKeys={[pathname]}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <SiteFooter />
    </Box>
  );
}
