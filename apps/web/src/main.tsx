import '@mantine/core/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { captureAttribution } from './lib/attribution';

// Before the router reads the address: it records the utm_* tags, then takes them out.
captureAttribution();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// In a transition, React renders the first page in slices of a few milliseconds, so that the
// phone's main thread is never blocked for long while it does (Total Blocking Time, issue 20).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  ),
);
