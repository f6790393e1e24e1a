import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Kind,
  parse,
  print,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
} from 'graphql';

/** For tests and measurements: the GraphQL operations the web app sends, read from its source. */

const WEB_SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src');

export interface WebOperation {
  /** The file of apps/web/src that holds it. */
  file: string;
  name: string;
  kind: OperationDefinitionNode['operation'];
  /** The operation with the fragments it spreads, printed as urql sends it. */
  source: string;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `const NAME = `…``: the plain template texts of a file, by name. */
function namedTemplates(text: string): [string, string][] {
  return [...text.matchAll(/\bconst\s+([A-Z_][A-Z0-9_]*)\s*=\s*`([^`]*)`/g)].map((match) => [
    match[1]!,
    match[2]!,
  ]);
}

/**
 * The documents of a file, written with gql.tada: `graphql(`…`, [fragments])`, or `graphql(NAME)`
 * of a plain template (GetMe's text, which the app sends without the GraphQL client, lives in a
 * module of its own). A document's fragments are spread by name, and found by name below.
 */
function documentTemplates(text: string, templates: Map<string, string>): string[] {
  return [...text.matchAll(/\bgraphql\(\s*(?:`([^`]*)`|([A-Z_][A-Z0-9_]*)\s*[,)])/g)].map(
    (match) => {
      const template = match[1] ?? templates.get(match[2]!);
      if (template === undefined) throw new Error(`template ${match[2]} not found`);
      return template;
    },
  );
}

export function webOperations(): WebOperation[] {
  const texts = sourceFiles(WEB_SOURCE).map((file) => ({
    file: path.relative(WEB_SOURCE, file),
    text: readFileSync(file, 'utf8'),
  }));
  const templates = new Map(texts.flatMap(({ text }) => namedTemplates(text)));
  const files = texts.map(({ file, text }) => ({
    file,
    definitions: documentTemplates(text, templates).flatMap(
      (template) => parse(template).definitions,
    ),
  }));
  const fragmentsOf = (definitions: readonly { kind: Kind }[]) =>
    new Map(
      definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
  const everyFragment = fragmentsOf(files.flatMap((f) => f.definitions));

  return files.flatMap(({ file, definitions }) => {
    // A fragment name may recur in another feature: the file's own, then its folder's, win.
    const local = new Map([
      ...fragmentsOf(
        files
          .filter((f) => path.dirname(f.file) === path.dirname(file))
          .flatMap((f) => f.definitions),
      ),
      ...fragmentsOf(definitions),
    ]);
    return definitions
      .filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)
      .map((operation) => {
        const needed = new Map<string, FragmentDefinitionNode>();
        const collect = (text: string) => {
          for (const [, name] of text.matchAll(/\.\.\.\s*([_A-Za-z]\w*)/g)) {
            if (name === 'on' || needed.has(name!)) continue;
            const fragment = local.get(name!) ?? everyFragment.get(name!);
            if (!fragment) throw new Error(`${file}: fragment ${name} not found`);
            needed.set(name!, fragment);
            collect(print(fragment));
          }
        };
        const printed = print(operation);
        collect(printed);
        return {
          file,
          name: operation.name?.value ?? '(anonymous)',
          kind: operation.operation,
          source: [printed, ...[...needed.values()].map((f) => print(f))].join('\n\n'),
        };
      });
  });
}
