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

/** `const NAME = gql`…`` and `const NAME = `…``: the template texts of a file, by name. */
function namedTemplates(text: string): [string, string][] {
  return [...text.matchAll(/\bconst\s+([A-Z_][A-Z0-9_]*)\s*=\s*(?:gql\s*)?`([^`]*)`/g)].map(
    (match) => [match[1]!, match[2]!],
  );
}

/** The text of every gql`…` template of a file. */
function gqlTemplates(text: string): string[] {
  return [...text.matchAll(/\bgql\s*`([^`]*)`/g)].map((match) => match[1]!);
}

export function webOperations(): WebOperation[] {
  const texts = sourceFiles(WEB_SOURCE).map((file) => ({
    file: path.relative(WEB_SOURCE, file),
    text: readFileSync(file, 'utf8'),
  }));
  // Templates interpolate others (`${BUSINESS_FIELDS}`) by name; names are unique in the app.
  const templates = new Map(texts.flatMap(({ text }) => namedTemplates(text)));
  const expand = (template: string, depth = 0): string =>
    template.replace(/\$\{\s*([A-Za-z_]\w*)\s*\}/g, (_all, name: string) => {
      const inner = templates.get(name);
      if (inner === undefined || depth > 10) throw new Error(`template ${name} not found`);
      return expand(inner, depth + 1);
    });
  const files = texts.map(({ file, text }) => ({
    file,
    definitions: gqlTemplates(text).flatMap((template) => parse(expand(template)).definitions),
  }));
  const fragmentsOf = (definitions: readonly { kind: Kind }[]) =>
    new Map(
      definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
  const everyFragment = fragmentsOf(files.flatMap((f) => f.definitions));

  return files.flatMap(({ file, definitions }) => {
    const local = fragmentsOf(definitions);
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
