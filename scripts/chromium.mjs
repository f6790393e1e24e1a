/**
 * How every script and journey starts Debian's Chromium (never a downloaded browser). The default
 * is its headless shell (package chromium-headless-shell): since Chromium 132 the `chromium`
 * binary's headless mode is the whole browser, which runs the journeys three times slower on two
 * cores (docs/decisions/018-headless-shell.md). CHROMIUM_PATH picks another binary.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** Flags for a sandboxless machine with no network beyond localhost. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const CHROMIUM_LAUNCH_OPTIONS = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
