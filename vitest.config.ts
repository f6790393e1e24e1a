import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const integration = 'apps/server/src/**/*.int.test.ts';

const databaseProject = (kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: `server-${kind}`,
    include: [integration],
    env: { TEST_DB_KIND: kind },
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    setupFiles: ['apps/server/src/test/fail-on-console.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  // One copy of graphql for Pothos, Mercurius and our code (its ESM and CJS builds are distinct
  // "realms" and refuse each other's types).
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    // Two cores; each PGlite instance needs several hundred MB, so two workers fit comfortably.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: [integration, '**/node_modules/**'],
          setupFiles: ['apps/server/src/test/fail-on-console.ts'],
        },
      },
      {
        // The web app's component and hook tests (*.test.tsx) run in a browser-like DOM.
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          // Typing into a rendered page is slower than a function call, more so on two busy cores.
          testTimeout: 30_000,
          setupFiles: ['apps/server/src/test/fail-on-console.ts', 'apps/web/src/test/dom-setup.ts'],
        },
      },
      databaseProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [databaseProject('postgres')] : []),
    ],
  },
});
