import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries are enforced by lint, not hope: code that breaks them fails `npm run lint`.
 * Deliberate violations are linted here with the repository's own configuration.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const server = path.join(root, 'apps/server/src');
/** Real files for the cycle (import-x follows imports on disk); removed afterwards. */
const probeDir = path.join(server, 'modules/cart/lint-probe');

let eslint: ESLint;

async function problemsOf(text: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

beforeAll(() => {
  mkdirSync(probeDir, { recursive: true });
  writeFileSync(
    path.join(probeDir, 'first.ts'),
    "import { second } from './second';\nexport const first = (): number => second() + 1;\n",
  );
  writeFileSync(
    path.join(probeDir, 'second.ts'),
    "import { first } from './first';\nexport const second = (): number => (first ? 1 : 0);\n",
  );
  eslint = new ESLint({ cwd: root });
});
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

describe('lint keeps the server modules apart', { timeout: 120_000 }, () => {
  it('refuses an import cycle between TypeScript files', async () => {
    const file = path.join(probeDir, 'first.ts');
    const [result] = await eslint.lintFiles([file]);
    const rules = (result?.messages ?? []).map((message) => message.ruleId);
    expect(rules).toContain('import-x/no-cycle');
  });

  it('refuses a reach into another module’s internals, and allows its public entry', async () => {
    const inCart = path.join(server, 'modules/cart/lint-probe/reach.ts');
    const internal = await problemsOf(
      "import { hashPassword } from '../../accounts/password';\nexport const hash = hashPassword;\n",
      inCart,
    );
    expect(internal).toEqual([
      expect.stringMatching(
        /^import-x\/no-restricted-paths: .*Use the accounts module through its public entry/,
      ),
    ]);
    const entry = await problemsOf(
      "import { hashPassword } from '../../accounts/index';\nexport const hash = hashPassword;\n",
      inCart,
    );
    expect(entry).toEqual([]);
  });

  it('refuses a module import in db/', async () => {
    const problems = await problemsOf(
      "import type { Mailer } from '../modules/mail/index';\nexport type Probe = Mailer;\n",
      path.join(server, 'db/lint-probe.ts'),
    );
    expect(problems).toEqual([expect.stringMatching(/db\/ imports no module/)]);
  });
});
