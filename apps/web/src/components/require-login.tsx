import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../lib/use-me';
import { PageLoading } from './page-loading';

/** Route guard: anonymous visitors go to the log-in page, which brings them back afterwards. */
export function RequireLogin() {
  const { me, fetching } = useMe();
  const { pathname, search } = useLocation();
  if (!me && fetching) return <PageLoading />;
  if (!me) return <Navigate replace to={`/login?next=${encodeURIComponent(pathname + search)}`} />;
  return <Outlet />;
}
