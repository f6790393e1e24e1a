import { ActionIcon, Card, Group, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { BLOCK_NAMES, type CatalogueKind, type DraftBlock } from './campaign-form-values';
import {
  optionsWithChosen,
  type CatalogueOption,
  type CatalogueOptions,
} from './catalogue-options';
import { TextBlockEditor } from './text-block-editor';

/** The ids of a block's parts, so focus can be put back on them after a move or a refusal. */
export const blockIds = (key: string) => ({
  title: `${key}-title`,
  field: `${key}-field`,
  error: `${key}-error`,
  up: `${key}-up`,
  down: `${key}-down`,
  remove: `${key}-remove`,
});

const CHOOSE: Record<CatalogueKind, string> = {
  product: 'Choose a product',
  club: 'Choose a club',
  event: 'Choose an event',
};

const EMPTY: Record<CatalogueKind, string> = {
  product: 'You have no published products.',
  club: 'You have no open clubs.',
  event: 'You have no events to come.',
};

function CatalogueSelect({
  block,
  number,
  options,
  error,
  autoFocus,
  onChange,
}: {
  block: DraftBlock & { kind: CatalogueKind };
  number: number;
  /** Null while the catalogue is loading. */
  options: readonly CatalogueOption[] | null;
  error: string | undefined;
  autoFocus: boolean;
  onChange: (itemId: number | null) => void;
}) {
  const ids = blockIds(block.key);
  const data = optionsWithChosen(options, block.kind, block.itemId);
  return (
    <Select
      id={ids.field}
      label={
        <>
          {BLOCK_NAMES[block.kind]} <VisuallyHidden>of block {number}</VisuallyHidden>
        </>
      }
      description={options?.length === 0 ? EMPTY[block.kind] : undefined}
      placeholder={options ? CHOOSE[block.kind] : 'Loading…'}
      disabled={!options}
      data={data}
      value={block.itemId === null ? null : String(block.itemId)}
      onChange={(value) => onChange(value ? Number(value) : null)}
      searchable
      allowDeselect={false}
      nothingFoundMessage="Nothing matches"
      autoFocus={autoFocus}
      error={error}
      errorProps={{ id: ids.error }}
    />
  );
}

/**
 * One block of the campaign: its number and kind, moving it and removing it, and what it holds
 * (rich text, or a product, club or event of the catalogue).
 */
export function BlockCard({
  block,
  index,
  count,
  options,
  error,
  autoFocus,
  onChange,
  onMove,
  onRemove,
}: {
  block: DraftBlock;
  index: number;
  count: number;
  options: CatalogueOptions;
  error: string | undefined;
  /** Just added: the keyboard goes to it. */
  autoFocus: boolean;
  onChange: (change: Partial<Pick<DraftBlock, 'html' | 'itemId'>>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const ids = blockIds(block.key);
  const number = index + 1;
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby={ids.title}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} fz="md" id={ids.title} tabIndex={-1}>
            Block {number}: {BLOCK_NAMES[block.kind]}
          </Title>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              id={ids.up}
              variant="default"
              aria-label={`Move block ${number} up`}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              id={ids.down}
              variant="default"
              aria-label={`Move block ${number} down`}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              id={ids.remove}
              variant="default"
              c="red.9"
              aria-label={`Remove block ${number}`}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {block.kind === 'text' ? (
          <>
            <TextBlockEditor
              id={ids.field}
              label={`Text of block ${number}`}
              html={block.html}
              onChange={(html) => onChange({ html })}
              errorId={error ? ids.error : undefined}
              autoFocus={autoFocus}
            />
            {error ? (
              <Text id={ids.error} fz="sm" c="red.9">
                {error}
              </Text>
            ) : null}
          </>
        ) : (
          <CatalogueSelect
            block={block as DraftBlock & { kind: CatalogueKind }}
            number={number}
            options={options ? options[block.kind] : null}
            error={error}
            autoFocus={autoFocus}
            onChange={(itemId) => onChange({ itemId })}
          />
        )}
      </Stack>
    </Card>
  );
}
