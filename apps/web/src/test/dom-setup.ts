/**
 * Set-up of the web app's component tests (the `web` Vitest project, jsdom): Testing Library's
 * matchers and clean-up, and what Mantine asks of a browser that jsdom does not have.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// Mantine's color scheme and useMediaQuery read media queries: every query is "no match" here.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// Mantine's ScrollArea and Combobox watch their size.
class ResizeObserverStub implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

// Combobox scrolls the selected option into view.
Element.prototype.scrollIntoView = () => undefined;
