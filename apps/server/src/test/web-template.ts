import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A stand-in build of the web app in `dir`: index.html with the real template's title and description. */
export function writeStandInIndexHtml(dir: string): Promise<void> {
  return writeFile(
    path.join(dir, 'index.html'),
    [
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
      '<meta\n      name="description"\n      content="Bevy: buy direct."\n    />',
      '<title>Bevy</title>\n<!--public-config-->',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
}
