import { ActionIcon, Button, Fieldset, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { newTierRow, type ProductFormValues, type TierListName } from './product-mapping';

/** The most tiers one price list may have (the shared schema refuses more). */
const MAX_TIERS = 10;

/**
 * One editable price list: rows of a minimum unit count and a price per unit in dollars, each
 * with its own error beside it. `channel` is 'retail' or 'wholesale', used in every label.
 */
export function TierListField({
  form,
  list,
  channel,
  description,
}: {
  form: UseFormReturnType<ProductFormValues>;
  list: TierListName;
  channel: 'retail' | 'wholesale';
  description: string;
}) {
  const rows = form.getValues()[list];
  const listError = form.errors[list];
  const addButton = useRef<HTMLButtonElement>(null);
  const title = channel === 'retail' ? 'Retail price tiers' : 'Wholesale price tiers';

  const addRow = () => {
    const index = rows.length;
    form.insertListItem(list, newTierRow(index === 0 ? 1 : ''));
    form.clearFieldError(list);
    // Put the keyboard in the new row, once it exists, so the seller can type straight away.
    setTimeout(
      () => form.getInputNode(`${list}.${index}.minimum_unit_count_for_price`)?.focus(),
      0,
    );
  };

  return (
    <Fieldset legend={title} variant="unstyled" styles={{ legend: { fontWeight: 700 } }}>
      <Stack gap="sm">
        <Text fz="sm" c="dark.6">
          {description}
        </Text>
        {rows.length === 0 ? (
          <Text fz="sm" c="dark.6">
            No {channel} prices: {channel} buyers cannot buy this product.
          </Text>
        ) : null}
        {rows.map((row, index) => {
          const number = index + 1;
          const rowName = `${channel === 'retail' ? 'Retail' : 'Wholesale'} tier ${number}`;
          return (
            <Group key={row.key} align="flex-start" gap="sm" wrap="nowrap">
              <NumberInput
                label="Minimum units"
                aria-label={`${rowName} minimum units`}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                w={150}
                required
                {...form.getInputProps(`${list}.${index}.minimum_unit_count_for_price`)}
              />
              <NumberInput
                label="Price per unit ($)"
                aria-label={`${rowName} price per unit in dollars`}
                leftSection={<Text aria-hidden>$</Text>}
                allowNegative={false}
                hideControls
                inputMode="decimal"
                w={170}
                required
                {...form.getInputProps(`${list}.${index}.price`)}
              />
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="lg"
                mt={26}
                aria-label={`Remove ${rowName.toLowerCase()}`}
                onClick={() => {
                  form.removeListItem(list, index);
                  form.clearFieldError(list);
                  // The removed row's button is gone; keep the keyboard in this list.
                  setTimeout(() => addButton.current?.focus(), 0);
                }}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        {listError ? (
          <Text fz="sm" c="var(--mantine-color-error)" role="alert">
            {listError}
          </Text>
        ) : null}
        <Group>
          <Button
            ref={addButton}
            variant="default"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={addRow}
            disabled={rows.length >= MAX_TIERS}
          >
            Add {channel} tier
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
