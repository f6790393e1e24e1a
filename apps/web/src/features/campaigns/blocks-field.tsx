import { MARKETING_LIMITS } from '@bevy/core';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  IconCalendarEvent,
  IconBottle,
  IconTextSize,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { DialogModal } from '../../components/dialog-modal';
import { BlockCard, blockIds } from './block-card';
import {
  BLOCK_NAMES,
  blockHasContent,
  moveBlock,
  newBlock,
  type BlockKind,
  type CampaignFormValues,
  type DraftBlock,
} from './campaign-form-values';
import type { CatalogueOptions } from './catalogue-options';

const ADD: { kind: BlockKind; icon: Icon }[] = [
  { kind: 'text', icon: IconTextSize },
  { kind: 'product', icon: IconBottle },
  { kind: 'club', icon: IconUsersGroup },
  { kind: 'event', icon: IconCalendarEvent },
];

const ADD_TEXT_ID = 'campaign-add-text';

/** Focus once React has drawn the change (a moved block's DOM is put back, and loses focus). */
const focusSoon = (id: string) => setTimeout(() => document.getElementById(id)?.focus(), 0);

/**
 * The campaign's blocks in their order, each moved, removed (after asking, when it holds
 * something) or edited in place, and the buttons to add one of each kind.
 */
export function BlocksField({
  form,
  options,
}: {
  form: UseFormReturnType<CampaignFormValues>;
  options: CatalogueOptions;
}) {
  const { blocks } = form.getValues();
  const [added, setAdded] = useState<string | null>(null);
  const [removing, setRemoving] = useState<DraftBlock | null>(null);
  // A removed block's button is gone: the keyboard goes elsewhere rather than back to it.
  const [removed, setRemoved] = useState(false);
  const full = blocks.length >= MARKETING_LIMITS.blocks;
  const listError = form.errors.blocks;

  // By key, not position: an editor's change may come in after the blocks moved.
  const update = (key: string, change: Partial<DraftBlock>) => {
    const index = form.getValues().blocks.findIndex((block) => block.key === key);
    if (index < 0) return;
    form.setFieldValue(`blocks.${index}`, { ...form.getValues().blocks[index]!, ...change });
    form.clearFieldError(`blocks.${index}`);
  };

  const add = (kind: BlockKind) => {
    const block = newBlock(kind);
    form.insertListItem('blocks', block);
    form.clearFieldError('blocks');
    setAdded(block.key);
  };

  const move = (index: number, by: -1 | 1) => {
    const current = form.getValues().blocks;
    const block = current[index]!;
    const to = index + by;
    form.setFieldValue('blocks', moveBlock(current, index, to));
    // Block errors are by position: they would now point at the wrong block.
    form.clearErrors();
    const ids = blockIds(block.key);
    // The same arrow keeps the keyboard, unless the block reached the end it points to.
    const stillMoves = by < 0 ? to > 0 : to < current.length - 1;
    const same = by < 0 ? ids.up : ids.down;
    const other = by < 0 ? ids.down : ids.up;
    focusSoon(stillMoves ? same : other);
  };

  const remove = (block: DraftBlock) => {
    const current = form.getValues().blocks;
    const index = current.findIndex((candidate) => candidate.key === block.key);
    if (index < 0) return;
    form.setFieldValue(
      'blocks',
      current.filter((candidate) => candidate.key !== block.key),
    );
    form.clearErrors();
    setRemoved(true);
    setRemoving(null);
    // The keyboard goes to the block now in its place, or to adding one when none is left.
    const next = current[index + 1] ?? current[index - 1];
    focusSoon(next ? blockIds(next.key).title : ADD_TEXT_ID);
  };

  const removingIndex = removing ? blocks.findIndex((block) => block.key === removing.key) : -1;

  return (
    <Stack gap="sm" component="section" aria-labelledby="campaign-content">
      <Title order={2} fz="xl" id="campaign-content">
        Content
      </Title>
      <Text fz="sm" c="dark.6">
        The email shows these blocks in this order. Products, clubs and events show their picture,
        price and a button to your page, as they are when the email is sent.
      </Text>
      {listError ? (
        <Text fz="sm" c="red.9" role="alert">
          {listError}
        </Text>
      ) : null}
      {blocks.map((block, index) => (
        <BlockCard
          key={block.key}
          block={block}
          index={index}
          count={blocks.length}
          options={options}
          error={form.errors[`blocks.${index}`] as string | undefined}
          autoFocus={block.key === added}
          onChange={(change) => update(block.key, change)}
          onMove={(by) => move(index, by)}
          onRemove={() => {
            if (!blockHasContent(block)) return remove(block);
            setRemoved(false);
            setRemoving(block);
          }}
        />
      ))}
      <Group gap="xs" wrap="wrap" role="group" aria-label="Add a block">
        {ADD.map(({ kind, icon: KindIcon }) => (
          <Button
            key={kind}
            id={kind === 'text' ? ADD_TEXT_ID : undefined}
            variant="light"
            size="xs"
            disabled={full}
            leftSection={<KindIcon size={16} aria-hidden />}
            onClick={() => add(kind)}
          >
            Add {BLOCK_NAMES[kind].toLowerCase()}
          </Button>
        ))}
      </Group>
      {full ? (
        <Text fz="sm" c="dark.6">
          A campaign holds at most {MARKETING_LIMITS.blocks} blocks.
        </Text>
      ) : null}
      <DialogModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        returnFocus={!removed}
        title={`Remove block ${removingIndex + 1}?`}
      >
        <Stack gap="md">
          <Text fz="sm">
            {removing?.kind === 'text'
              ? 'Its text is lost.'
              : `The ${removing ? BLOCK_NAMES[removing.kind].toLowerCase() : 'item'} it shows leaves the email.`}{' '}
            Nothing is saved until you save the draft.
          </Text>
          <Group>
            <Button color="red.9" onClick={() => removing && remove(removing)}>
              Remove the block
            </Button>
            <Button variant="default" onClick={() => setRemoving(null)} data-autofocus>
              Keep it
            </Button>
          </Group>
        </Stack>
      </DialogModal>
    </Stack>
  );
}
