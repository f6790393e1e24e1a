import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/**
 * Where each page of this tab's history was scrolled to, by React Router's location key, kept in
 * sessionStorage so that Back after a reload still finds it.
 */
const STORAGE_KEY = 'scroll-positions';
const MAX_REMEMBERED = 100;
/** How long Back waits for a page (its code, its data) to grow tall enough to scroll back to. */
const RESTORE_FOR_MS = 1500;

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

/** Scrolls to `y` once the page is tall enough, trying for a short while as it loads. */
function scrollBackTo(y: number): () => void {
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= y;
    window.scrollTo(0, y);
    if (!reachable && performance.now() - started < RESTORE_FOR_MS) {
      frame = requestAnimationFrame(attempt);
    }
  };
  attempt();
  return () => cancelAnimationFrame(frame);
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
    const track = () => {
      lastY.current = window.scrollY;
    };
    const save = () => remember(previous.current.key, window.scrollY);
    window.addEventListener('scroll', track, { passive: true });
    // Leaving the site or reloading keeps this page's place too.
    window.addEventListener('pagehide', save);
    return () => {
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
