import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Dependency direction: apps -> packages; search -> core at most; web features stay apart. */
const boundaries = [
  { target: './packages', from: './apps', message: 'Packages never import apps.' },
  {
    target: './packages/core',
    from: './packages/search',
    message: 'core depends on nothing of ours.',
  },
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app does not import the server.',
  },
  {
    target: './apps/server',
    from: './apps/web',
    message: 'The server does not import the web app.',
  },
  {
    target: './apps/web/src/components',
    from: './apps/web/src/features',
    message: 'Shared components do not import features.',
  },
  {
    target: './apps/web/src/lib',
    from: './apps/web/src/features',
    message: 'Shared code does not import features.',
  },
];

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url));

/**
 * Server modules meet only at their public entry (`modules/<name>/index.ts`): code outside a
 * module, in another module or in the app around them, imports nothing else of it. Tests may
 * reach into what they test. `db/` imports no module.
 */
const SERVER = './apps/server/src';
const serverModules = readdirSync(new URL(`${SERVER}/modules`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverRoot = fileURLToPath(new URL(SERVER, import.meta.url));
/**
 * A module's faces: its entry, its GraphQL types (the schema is assembled from them) and the
 * fixtures it offers tests and benchmarks.
 */
const publicFaces = (name) => [`${serverRoot}/modules/${name}/{index,*.graphql,*-fixtures}.ts`];
const moduleEntries = serverModules.map((name) => ({
  target: `${SERVER}/!(modules)/**/*`,
  from: `${SERVER}/modules/${name}/**/*`,
  except: publicFaces(name),
  message: `Use the ${name} module through its public entry, modules/${name}/index.ts.`,
}));
const moduleIsolation = serverModules.map((name) => ({
  target: `${SERVER}/modules/!(${name})/**/*`,
  from: `${SERVER}/modules/${name}/**/*`,
  except: publicFaces(name),
  message: `Use the ${name} module through its public entry, modules/${name}/index.ts.`,
}));
const serverBoundaries = [
  ...moduleEntries,
  ...moduleIsolation,
  { target: `${SERVER}/db`, from: `${SERVER}/modules`, message: 'db/ imports no module.' },
  {
    target: `${SERVER}/platform`,
    from: `${SERVER}/graphql`,
    message: 'The platform knows nothing of GraphQL.',
  },
];
const { typescript: importTypeScript } = importX.flatConfigs;
const featureIsolation = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'Web features do not import each other; share through components/ or lib/.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // Parse and resolve TypeScript, so import rules (no-cycle above all) see .ts files.
      'import-x/extensions': importTypeScript.settings['import-x/extensions'],
      'import-x/parsers': importTypeScript.settings['import-x/parsers'],
      'import-x/external-module-folders':
        importTypeScript.settings['import-x/external-module-folders'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'tsconfig.tools.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...featureIsolation] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/test/**'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*-fixtures.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...serverBoundaries] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
