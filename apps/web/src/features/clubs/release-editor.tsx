import { formatCents } from '@bevy/core';
import { ActionIcon, Alert, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import { describeError } from '../../lib/server-error';
import { CHANGE_RELEASE_LINES } from './api/memberships';

interface Line {
  productId: number;
  name: string;
  quantity: number;
}

interface Choice {
  productId: number;
  name: string;
  memberPriceCents: number;
}

/**
 * Swapping and adding bottles of the next release: the member's lines, each quantity and a
 * product to add; at least the tier's bottles (exactly them on a fixed price), which the server
 * checks again.
 */
export function ReleaseEditor({
  membershipId,
  releaseId,
  lines: initial,
  choices,
  tierBottles,
  fixedPrice,
  onDone,
}: {
  membershipId: number;
  releaseId: number;
  lines: readonly Line[];
  choices: readonly Choice[];
  tierBottles: number;
  fixedPrice: boolean;
  onDone: () => void;
}) {
  // One line per product: the release's lines may split a product into two prices.
  const [lines, setLines] = useState<Line[]>(() =>
    initial.reduce<Line[]>((merged, line) => {
      const same = merged.find((entry) => entry.productId === line.productId);
      if (same) same.quantity += line.quantity;
      else merged.push({ ...line });
      return merged;
    }, []),
  );
  const [adding, setAdding] = useState<string | null>(null);
  const [{ fetching, error }, save] = useMutation(CHANGE_RELEASE_LINES);
  const bottles = lines.reduce((sum, line) => sum + line.quantity, 0);
  const addable = choices.filter((choice) => !lines.some((l) => l.productId === choice.productId));
  const short = fixedPrice ? bottles !== tierBottles : bottles < tierBottles;

  const submit = async () => {
    const result = await save({
      membershipId,
      releaseId,
      lines: lines.map(({ productId, quantity }) => ({ productId, quantity })),
    });
    if (!result.error) onDone();
  };

  return (
    <Stack gap="sm" component="section" aria-label="Change the bottles of this release">
      {lines.map((line, index) => (
        <Group key={line.productId} gap="xs" wrap="nowrap" align="flex-end">
          <NumberInput
            label={line.name}
            min={1}
            max={48}
            allowDecimal={false}
            value={line.quantity}
            onChange={(value) =>
              setLines((current) =>
                current.map((entry, at) =>
                  at === index ? { ...entry, quantity: Math.max(1, Number(value) || 1) } : entry,
                ),
              )
            }
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove ${line.name}`}
            disabled={lines.length === 1}
            onClick={() => setLines((current) => current.filter((_, at) => at !== index))}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {addable.length > 0 ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Add or swap in a product"
            placeholder="Choose a product"
            data={addable.map((choice) => ({
              value: String(choice.productId),
              label: `${choice.name} (${formatCents(choice.memberPriceCents)} for members)`,
            }))}
            value={adding}
            onChange={setAdding}
            searchable
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button
            variant="light"
            disabled={!adding}
            onClick={() => {
              const choice = addable.find((entry) => String(entry.productId) === adding);
              if (!choice) return;
              setLines((current) => [
                ...current,
                { productId: choice.productId, name: choice.name, quantity: 1 },
              ]);
              setAdding(null);
            }}
          >
            Add
          </Button>
        </Group>
      ) : null}
      <Text fz="sm" role="status" c={short ? 'red.8' : undefined}>
        {bottles} {bottles === 1 ? 'bottle' : 'bottles'}:{' '}
        {fixedPrice
          ? `your tier’s price covers exactly ${tierBottles}.`
          : `at least ${tierBottles} for your tier.`}
      </Text>
      {error ? (
        <Alert color="red" title="Your changes were not saved">
          {describeError(error).message}
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button loading={fetching} disabled={short} onClick={() => void submit()}>
          Save bottles
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
