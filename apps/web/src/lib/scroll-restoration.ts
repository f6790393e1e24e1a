import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/**
 * Where each page of this tab's history was scrolled to, by React Router's location key, kept in
 * sessionStorage so that Back after a reload still finds it.
 */
const STORAGE_KEY = 'scroll-positions';
const MAX_REMEMBERED = 100;
/**
 * How long Back or a reload waits for a page (its code, its data) to grow tall enough to scroll
 * back to; the reader scrolling or typing meanwhile ends the wait.
 */
const RESTORE_FOR_MS = 5000;
const READER_ACTIONS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function remember(key: string, y: number): void {
  try {
    const positions = readPositions();
    delete positions[key];
    positions[key] = y;
    const keys = Object.keys(positions);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_REMEMBERED))) {
      delete positions[old];
    }
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or unavailable: Back then opens at the top, which is only less convenient.
  }
}

/** Scrolls to `y` once the page is tall enough, trying for a while as it loads. */
function scrollBackTo(y: number): () => void {
  const started = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const action of READER_ACTIONS) window.removeEventListener(action, stop);
  };
  for (const action of READER_ACTIONS) window.addEventListener(action, stop, { passive: true });
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= y;
    window.scrollTo(0, y);
    if (!reachable && performance.now() - started < RESTORE_FOR_MS) {
      frame = requestAnimationFrame(attempt);
    } else stop();
  };
  attempt();
  return stop;
}

/** Whether this document was loaded by a reload or by Back/Forward, not by a new visit. */
function returnedToThisPage(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/** A navigation asks for the top of the page even within one path (e.g. the next page of a list). */
export const RESET_SCROLL_STATE = { resetScroll: true } as const;

function asksForTop(location: Location): boolean {
  return (location.state as { resetScroll?: boolean } | null)?.resetScroll === true;
}

/**
 * What a full page load would do, for client-side navigation: a new page opens at its top (or at
 * its #fragment), Back and Forward return to where the reader was, and a change of the query
 * alone (filters, a search typed) keeps the reader where they are.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(location);
  // Where the reader is, as of the last scroll event: by the time a navigation is seen, the new
  // page is already in the DOM and the browser may have cut window.scrollY to its height.
  const lastY = useRef(0);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    lastY.current = window.scrollY;
    // A reload (or Back into the site from elsewhere) comes back to where the reader was, as the
    // browser's own restoration did; a new visit opens at the top.
    const saved = returnedToThisPage() ? readPositions()[previous.current.key] : undefined;
    const stopRestoring = saved ? scrollBackTo(saved) : undefined;
    const track = () => {
      lastY.current = window.scrollY;
    };
    const save = () => remember(previous.current.key, window.scrollY);
    window.addEventListener('scroll', track, { passive: true });
    // Leaving the site or reloading keeps this page's place too.
    window.addEventListener('pagehide', save);
    return () => {
      stopRestoring?.();
      window.removeEventListener('scroll', track);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    const before = previous.current;
    if (before.key === location.key) return;
    remember(before.key, lastY.current);
    previous.current = location;
    if (navigationType === 'POP') {
      const saved = readPositions()[location.key];
      if (saved !== undefined) return scrollBackTo(saved);
    }
    if (before.pathname === location.pathname && !asksForTop(location)) return;
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, navigationType]);
}
