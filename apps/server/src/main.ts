import { ConfigError, loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
import { startMark } from './platform/start-timing';

async function main() {
  startMark('main');
  const config = loadConfig();
  // The database opens while the rest of the server loads: PGlite compiles its WebAssembly off
  // this thread, and reading the server's modules would otherwise wait for it (or it for them).
  const opening = openConfiguredDatabase(config).then((opened) => {
    startMark('database open');
    return opened;
  });
  try {
    const [database, { startServer }] = await Promise.all([
      opening,
      import('./start-server').then((loaded) => {
        startMark('server modules loaded');
        return loaded;
      }),
    ]);
    await startServer(config, database);
  } catch (error) {
    // An embedded database left open at exit may not open again: close it before failing.
    await opening.then((database) => database.close()).catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  // A failed query's message can hold the whole statement; the first lines say enough.
  const detail =
    error instanceof ConfigError
      ? error.message
      : `Failed to start: ${String((error as Error)?.stack ?? error).slice(0, 2000)}`;
  process.stderr.write(`${detail}\n`);
  process.exit(1);
});
