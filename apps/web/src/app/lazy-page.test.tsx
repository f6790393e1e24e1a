import { render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { Route } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadRoutes } from './lazy-page';

/** A page whose code arrives when the test says so. */
function pageArrivingLater(text: string) {
  let arrive: () => void = () => undefined;
  const load = vi.fn(
    () =>
      new Promise<() => string>((resolve) => {
        arrive = () => resolve(() => text);
      }),
  );
  return { Page: lazyPage(load), load, arrive: () => arrive() };
}

const withFallback = (page: ReactNode) => <Suspense fallback={<p>Loading...</p>}>{page}</Suspense>;

describe('a lazily loaded page', () => {
  it('shows the loading state until its code has come, then itself', async () => {
    const { Page, load, arrive } = pageArrivingLater('The shop');
    render(withFallback(<Page />));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    arrive();
    expect(await screen.findByText('The shop')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, with no loading state first, once preloaded', async () => {
    const { Page, load, arrive } = pageArrivingLater('A business');
    const preloaded = Page.preload();
    arrive();
    await preloaded;
    render(withFallback(<Page />));
    // In the very first commit: there was nothing to wait for.
    expect(screen.getByText('A business')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('may be asked again after its code failed to download', async () => {
    const load = vi
      .fn<() => Promise<() => string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(() => 'Back online');
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    render(withFallback(<Page />));
    expect(screen.getByText('Back online')).toBeInTheDocument();
  });
});

describe('preloading the pages a path shows', () => {
  it('fetches the code of the layouts and the page that match, and nothing else', async () => {
    const layout = lazyPage(() => Promise.resolve(() => 'layout'));
    const business = lazyPage(() => Promise.resolve(() => 'business'));
    const shop = lazyPage(() => Promise.resolve(() => 'shop'));
    const preloads = [layout, business, shop].map((page) => vi.spyOn(page, 'preload'));
    const [Layout, Business, Shop] = [layout, business, shop];
    const routes = (
      <Route element={<Layout />}>
        <Route path="shop" element={<Shop />} />
        <Route path="business/:slug" element={<Business />} />
      </Route>
    );
    await preloadRoutes(routes, '/business/chalk-knoll-cellars');
    expect(preloads.map((preload) => preload.mock.calls.length)).toEqual([1, 1, 0]);
  });
});
