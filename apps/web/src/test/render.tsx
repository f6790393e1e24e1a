import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';

/**
 * Renders a component as the app does (Mantine's theme, a router), with Mantine's test mode:
 * no transitions and no portals, so that dropdowns are there as soon as they open.
 */
export function renderInApp(ui: ReactNode) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}
