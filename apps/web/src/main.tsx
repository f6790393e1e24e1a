import '@mantine/core/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import { captureAttribution } from './lib/attribution';

// Before the router reads the address: it records the utm_* tags, then takes them out.
captureAttribution();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// In a transition, React renders the first page in slices of a few milliseconds, so that the
// phone's main thread is never blocked for long while it does (Total Blocking Time, issue 20).
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    ),
  );

// A landing page's code came with the page (the server lists it for preloading): the first render
// waits the moment it takes to run, and shows the page rather than a loading state first. Other
// pages show the site around a loading state while their code downloads.
if (document.querySelector('link[rel="modulepreload"][data-page]')) {
  preloadRoute(window.location.pathname).then(render, render);
} else {
  render();
}
