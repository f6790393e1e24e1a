import { releaseInputSchema, type ReleaseInputDraft } from '@bevy/core';
import type { FormErrors } from '@mantine/form';
import type { ServerRefusal } from '../../../lib/server-error';

/** One product of a tier's share of a release, as the form holds it. */
export interface ReleaseLine {
  productId: string | null;
  /** NaN while the field is empty, which the schema refuses. */
  quantity: number;
}

export interface ReleaseFormValues {
  title: string;
  chargeOn: string;
  /** One entry per tier of the club, in the club's order. */
  tiers: { tierId: number; lines: ReleaseLine[] }[];
}

export interface ReleaseTier {
  id: number;
  name: string;
  bottles: number;
}

/** A new release: each tier starts with one product line holding all its bottles. */
export function emptyRelease(tiers: readonly ReleaseTier[]): ReleaseFormValues {
  return {
    title: '',
    chargeOn: '',
    tiers: tiers.map((tier) => ({
      tierId: tier.id,
      lines: [{ productId: null, quantity: tier.bottles }],
    })),
  };
}

/** The bottles a tier's lines add up to so far (an empty quantity counts none). */
export const bottlesOf = (lines: readonly ReleaseLine[]) =>
  lines.reduce((sum, line) => sum + (Number.isFinite(line.quantity) ? line.quantity : 0), 0);

/**
 * The release as the server takes it, and for each of its items the form path of the line it
 * came from: the server names a bad item by its place in `items` ("items.3.productId").
 */
export function releaseDraft(values: ReleaseFormValues): {
  draft: ReleaseInputDraft;
  linePaths: string[];
} {
  const items: ReleaseInputDraft['items'] = [];
  const linePaths: string[] = [];
  values.tiers.forEach((tier, tierIndex) => {
    tier.lines.forEach((line, lineIndex) => {
      items.push({
        tierId: tier.tierId,
        // Null (no product chosen) is refused by the schema with its own message.
        productId: (line.productId === null ? null : Number(line.productId)) as number,
        quantity: line.quantity,
      });
      linePaths.push(`tiers.${tierIndex}.lines.${lineIndex}`);
    });
  });
  return { draft: { title: values.title, chargeOn: values.chargeOn, items }, linePaths };
}

/** A server path ("items.3.productId") as the form's ("tiers.1.lines.0.productId"). */
function formPath(path: string, linePaths: readonly string[]): string {
  const match = /^items\.(\d+)(\..+)?$/.exec(path);
  const line = match ? linePaths[Number(match[1])] : undefined;
  return line ? `${line}${match![2] ?? ''}` : path;
}

/** A server's refusal with its item paths turned into the form's. */
export function refusalOnForm(refusal: ServerRefusal, linePaths: readonly string[]): ServerRefusal {
  return {
    message: refusal.message,
    field: refusal.field === null ? null : formPath(refusal.field, linePaths),
    fields: Object.fromEntries(
      Object.entries(refusal.fields).map(([path, message]) => [formPath(path, linePaths), message]),
    ),
  };
}

const tierCountMessage = (tier: ReleaseTier, bottles: number) =>
  `The ${tier.name} tier holds ${tier.bottles} ${tier.bottles === 1 ? 'bottle' : 'bottles'}; this release gives it ${bottles}.`;

/**
 * The checks the server makes too (the shared schema, and each tier's bottles adding up), so
 * the producer hears of a mistake before sending; the server decides all the same.
 */
export function validateRelease(
  values: ReleaseFormValues,
  tiers: readonly ReleaseTier[],
): FormErrors {
  const errors: FormErrors = {};
  const { draft, linePaths } = releaseDraft(values);
  const parsed = releaseInputSchema.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formPath(issue.path.map(String).join('.'), linePaths);
      if (!(path in errors)) errors[path] = issue.message;
    }
  }
  // A date field left empty: the schema's "YYYY-MM-DD" would puzzle, as the picker shows none.
  if (values.chargeOn === '') errors.chargeOn = 'Choose the charge date.';
  values.tiers.forEach((tierValues, index) => {
    const tier = tiers.find((candidate) => candidate.id === tierValues.tierId);
    const bottles = bottlesOf(tierValues.lines);
    if (tier && bottles !== tier.bottles) {
      errors[`tiers.${index}.lines`] = tierCountMessage(tier, bottles);
    }
  });
  return errors;
}

/** The form's fields in the order they show, each with the node that takes the keyboard. */
function fieldsInOrder(values: ReleaseFormValues): { error: string; input: string }[] {
  const fields = [
    { error: 'title', input: 'title' },
    { error: 'chargeOn', input: 'chargeOn' },
  ];
  values.tiers.forEach((tier, tierIndex) => {
    const first = `tiers.${tierIndex}.lines.0.productId`;
    fields.push({ error: `tiers.${tierIndex}.lines`, input: first });
    tier.lines.forEach((_line, lineIndex) => {
      const line = `tiers.${tierIndex}.lines.${lineIndex}`;
      fields.push({ error: `${line}.productId`, input: `${line}.productId` });
      fields.push({ error: `${line}.quantity`, input: `${line}.quantity` });
    });
  });
  return fields;
}

/** The form path of the first field in error, in the order the form shows them. */
export function firstErrorInput(values: ReleaseFormValues, errors: FormErrors): string | null {
  return fieldsInOrder(values).find((field) => errors[field.error])?.input ?? null;
}
