import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';

/**
 * The embed script (src/embed), built on its own: one classic script with no imports, because
 * producers' pages load it with a plain script tag and it finds our origin from
 * `document.currentScript`, which modules do not have. The server sends it as /embed.js.
 */

const root = path.dirname(fileURLToPath(import.meta.url));

export function embedBuildConfig(outDir: string): InlineConfig {
  return {
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir: path.join(outDir, 'embed'),
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      lib: {
        entry: path.join(root, 'src/embed/main.ts'),
        formats: ['iife'],
        name: 'BevyShopEmbed',
        fileName: () => 'embed.js',
      },
    },
  };
}

/**
 * Builds the embed script into the app's outDir after the app, so every way of building the
 * app (`npm run build`, `npx vite build --outDir …` in the journeys and benchmarks) has it.
 */
export function embedBundle(): Plugin {
  let outDir = '';
  return {
    name: 'bevy:embed-bundle',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        await build(embedBuildConfig(outDir));
      },
    },
  };
}

/** `vite build -c vite.embed.config.ts`: the embed script alone, into dist/embed. */
export default defineConfig(embedBuildConfig(path.join(root, 'dist')));
