import { generateOutput } from '@gql.tada/cli-utils';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const scratch = mkdtempSync(path.join(tmpdir(), 'bevy-graphql-env-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the web app’s GraphQL types', () => {
  it('match apps/server/schema.graphql (run npm run graphql:generate)', async () => {
    const fresh = path.join(scratch, 'graphql-env.d.ts');
    await generateOutput({
      tsconfig: path.resolve(here, '../../tsconfig.json'),
      output: fresh,
      silent: true,
    });
    expect(readFileSync(path.join(here, 'graphql-env.d.ts'), 'utf8')).toBe(
      readFileSync(fresh, 'utf8'),
    );
  });
});
