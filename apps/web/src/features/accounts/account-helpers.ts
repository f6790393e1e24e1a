import { useNavigate, useSearchParams } from 'react-router';
import { safeLinkTarget } from '../../lib/safe-url';
import { useRefreshMe } from '../../lib/use-me';

export const DEFAULT_AFTER_LOGIN_PATH = '/dashboard';

/**
 * Where to go after logging in: the `next` parameter when it is a path on this site, else the
 * dashboard. "//evil.example" and "/\evil.example" would leave the site, so they are refused.
 */
export function safeNextPath(next: string | null): string {
  const target = safeLinkTarget(next, { allowPath: true });
  return target?.startsWith('/') ? target : DEFAULT_AFTER_LOGIN_PATH;
}

/** The page to return to after logging in, and the query string that carries it on. */
export function useNextPath(): { nextPath: string; nextQuery: string } {
  const [searchParams] = useSearchParams();
  const nextPath = safeNextPath(searchParams.get('next'));
  return {
    nextPath,
    nextQuery: nextPath === DEFAULT_AFTER_LOGIN_PATH ? '' : `?next=${encodeURIComponent(nextPath)}`,
  };
}

/**
 * For the log-in and sign-up pages: the page to return to, and the way there once the server has
 * said yes (who is logged in is fetched again first, so the header knows).
 */
export function useReturnAfterLogIn(): {
  nextPath: string;
  nextQuery: string;
  returnToNextPath: () => Promise<void>;
} {
  const refreshMe = useRefreshMe();
  const navigate = useNavigate();
  const { nextPath, nextQuery } = useNextPath();
  const returnToNextPath = async () => {
    await refreshMe();
    navigate(nextPath, { replace: true });
  };
  return { nextPath, nextQuery, returnToNextPath };
}
