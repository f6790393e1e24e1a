import { MARKETING_LIMITS } from '@bevy/core';
import type { FormErrors } from '@mantine/form';
import type { VariablesOf } from '../../lib/graphql';
import type { ServerRefusal } from '../../lib/server-error';
import type { CampaignView, SAVE_CAMPAIGN } from './api/campaigns';

/** What a block of a campaign holds: rich text, or one item of the producer's catalogue. */
export const BLOCK_KINDS = ['text', 'product', 'club', 'event'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];
export type CatalogueKind = Exclude<BlockKind, 'text'>;

/**
 * A block as the form edits it. `key` names it for React (and its editor) however the blocks are
 * moved; `itemId` is the product, club or event chosen, null until one is.
 */
export interface DraftBlock {
  key: string;
  kind: BlockKind;
  html: string;
  itemId: number | null;
}

/** The audience select's value for "everyone who agreed to email" (no segment). */
export const EVERYONE = 'everyone';

export interface CampaignFormValues {
  subject: string;
  preview: string;
  /** EVERYONE, or a segment's id. */
  audience: string;
  blocks: DraftBlock[];
}

export type SaveCampaignVariables = VariablesOf<typeof SAVE_CAMPAIGN>;
export type CampaignBlockInput = SaveCampaignVariables['blocks'][number];

let lastKey = 0;
/** A key no other block of the page has. */
export const newBlockKey = () => `block-${++lastKey}`;

export function newBlock(kind: BlockKind): DraftBlock {
  return { key: newBlockKey(), kind, html: '', itemId: null };
}

/** A new campaign: a subject to write and one text block to start from. */
export function emptyCampaign(): CampaignFormValues {
  return { subject: '', preview: '', audience: EVERYONE, blocks: [newBlock('text')] };
}

const isBlockKind = (kind: string): kind is BlockKind =>
  (BLOCK_KINDS as readonly string[]).includes(kind);

/** The saved campaign as the form edits it; a block of a kind this page does not know is left out. */
export function campaignFormValues(campaign: CampaignView): CampaignFormValues {
  return {
    subject: campaign.subject,
    preview: campaign.preview,
    audience: campaign.segmentId === null ? EVERYONE : String(campaign.segmentId),
    blocks: campaign.blocks.flatMap((block) => {
      if (!isBlockKind(block.kind)) return [];
      const itemId =
        block.kind === 'product'
          ? block.productId
          : block.kind === 'club'
            ? block.clubId
            : block.kind === 'event'
              ? block.eventId
              : null;
      return [{ key: newBlockKey(), kind: block.kind, html: block.html ?? '', itemId }];
    }),
  };
}

/** One block as the server takes it. */
export function blockInput(block: DraftBlock): CampaignBlockInput {
  switch (block.kind) {
    case 'text':
      return { kind: 'text', html: block.html };
    case 'product':
      return { kind: 'product', productId: block.itemId };
    case 'club':
      return { kind: 'club', clubId: block.itemId };
    case 'event':
      return { kind: 'event', eventId: block.itemId };
  }
}

/** saveCampaign's variables for the form's values; `id` null saves a new draft. */
export function saveCampaignVariables(
  businessSlug: string,
  id: number | null,
  values: CampaignFormValues,
): SaveCampaignVariables {
  return {
    businessSlug,
    id,
    subject: values.subject.trim(),
    preview: values.preview.trim(),
    segmentId: values.audience === EVERYONE ? null : Number(values.audience),
    blocks: values.blocks.map(blockInput),
  };
}

/**
 * Whether rich text says anything: the editor's empty document is "<p></p>", and a rule (<hr>)
 * counts as something.
 */
export function isBlankHtml(html: string): boolean {
  const text = html
    .replace(/<hr\b[^>]*>/gi, 'x')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text === '';
}

/** Whether removing the block loses something the producer wrote or chose (then we ask first). */
export const blockHasContent = (block: DraftBlock) =>
  block.kind === 'text' ? !isBlankHtml(block.html) : block.itemId !== null;

/** The blocks with the one at `from` moved to `to`; out-of-range moves change nothing. */
export function moveBlock<T>(blocks: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= blocks.length || to < 0 || to >= blocks.length) return [...blocks];
  const moved = [...blocks];
  const [block] = moved.splice(from, 1);
  moved.splice(to, 0, block!);
  return moved;
}

export const BLOCK_NAMES: Record<BlockKind, string> = {
  text: 'Text',
  product: 'Product',
  club: 'Club',
  event: 'Event',
};

const CHOOSE: Record<CatalogueKind, string> = {
  product: 'Choose a product, or remove this block.',
  club: 'Choose a club, or remove this block.',
  event: 'Choose an event, or remove this block.',
};

/** The form's checks, the server's own (core's campaignInputSchema) in the producer's words. */
export function validateCampaignForm(values: CampaignFormValues): FormErrors {
  const errors: FormErrors = {};
  const subject = values.subject.trim();
  if (!subject) errors.subject = 'Write a subject.';
  else if (subject.length > MARKETING_LIMITS.subjectLength) {
    errors.subject = `Use at most ${MARKETING_LIMITS.subjectLength} characters for the subject.`;
  }
  if (values.preview.trim().length > MARKETING_LIMITS.previewLength) {
    errors.preview = `Use at most ${MARKETING_LIMITS.previewLength} characters for the preview text.`;
  }
  if (values.blocks.length === 0) errors.blocks = 'Add at least one block.';
  else if (values.blocks.length > MARKETING_LIMITS.blocks) {
    errors.blocks = `Use at most ${MARKETING_LIMITS.blocks} blocks.`;
  }
  values.blocks.forEach((block, index) => {
    if (block.kind === 'text') {
      if (isBlankHtml(block.html))
        errors[`blocks.${index}`] = 'Write some text, or remove this block.';
      else if (block.html.length > MARKETING_LIMITS.textBlockLength) {
        errors[`blocks.${index}`] = 'A text block holds at most 20,000 characters: split it.';
      }
    } else if (block.itemId === null) {
      errors[`blocks.${index}`] = CHOOSE[block.kind];
    }
  });
  return errors;
}

/** The server's field names as the form's: a block's message ("blocks.2.html") goes on the block. */
function formField(field: string): string {
  if (field === 'segmentId') return 'audience';
  const block = /^blocks\.(\d+)(\.|$)/.exec(field);
  return block ? `blocks.${block[1]}` : field;
}

/** A refusal of saveCampaign with its fields named as the form names them. */
export function refusalOnForm(refusal: ServerRefusal): ServerRefusal {
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(refusal.fields)) {
    const name = formField(field);
    if (!(name in fields)) fields[name] = message;
  }
  return { ...refusal, field: refusal.field ? formField(refusal.field) : null, fields };
}

/** The field the keyboard goes to first: the form's order, then the blocks in theirs. */
export function firstErrorField(values: CampaignFormValues, errors: FormErrors): string | null {
  const order = [
    'subject',
    'preview',
    'audience',
    'blocks',
    ...values.blocks.map((_block, index) => `blocks.${index}`),
  ];
  return order.find((field) => errors[field]) ?? null;
}
