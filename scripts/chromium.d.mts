export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export const CHROMIUM_LAUNCH_OPTIONS: { executablePath: string; args: string[] };
