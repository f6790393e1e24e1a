import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A deep wine red; shades 7-9 keep text and buttons above WCAG AA contrast on white.
const wine: MantineColorsTuple = [
  '#fcedf0',
  '#f3d8de',
  '#e8adba',
  '#de8095',
  '#d55b76',
  '#cf4362',
  '#b23451',
  '#962a44',
  '#7b2c3f',
  '#5f1f30',
];

export const theme = createTheme({
  primaryColor: 'wine',
  primaryShade: 8,
  colors: { wine },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
});

/** Mantine's default "dimmed" gray and error red are below AA contrast on white; darken them. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
