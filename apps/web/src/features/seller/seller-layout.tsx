import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { useMe } from '../../lib/use-me';

// Its own chunk: most visitors of the pages in this layout (a business page) work at no business.
const SellerShell = lazy(() => import('./seller-shell').then((m) => ({ default: m.SellerShell })));

/**
 * Layout of the seller pages (dashboard, orders, shop / research). Only people who work at a
 * business get the sidebar; everyone else sees the page on its own.
 */
export function SellerLayout() {
  const { me, fetching } = useMe();
  if (!me && fetching) return <PageLoading />;
  const businesses = me?.works_at ?? [];
  if (businesses.length === 0) return <Outlet />;
  return (
    <Suspense fallback={<PageLoading />}>
      <SellerShell businesses={businesses} />
    </Suspense>
  );
}
