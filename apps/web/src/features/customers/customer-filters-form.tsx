import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { focusFirstError } from '../../lib/form-focus';
import { US_STATE_OPTIONS } from '../../lib/us-state-options';
import {
  ANY,
  BEVERAGE_LABELS,
  BEVERAGES,
  EMPTY_FILTER,
  filterOfFormValues,
  formValuesOf,
  MAX_DAYS,
  MAX_SEARCH_LENGTH,
  RELATIONSHIP_LABELS,
  RELATIONSHIPS,
  validateFilterForm,
  writeCustomerFilter,
  type CustomerFilter,
  type FilterFormValues,
} from './customer-filter';

const RELATIONSHIP_OPTIONS = [
  { value: ANY, label: 'Everyone' },
  ...RELATIONSHIPS.map((value) => ({ value, label: RELATIONSHIP_LABELS[value] })),
];

const BEVERAGE_OPTIONS = [
  { value: ANY, label: 'Any beverage' },
  ...BEVERAGES.map((value) => ({ value, label: BEVERAGE_LABELS[value] })),
];

/**
 * The filters of the customer list. What is chosen here applies with "Apply filters"; the form
 * follows the filter in the URL when that changes otherwise (a segment, Back, "Clear filters").
 */
export function CustomerFiltersForm({
  filter,
  onApply,
}: {
  filter: CustomerFilter;
  onApply: (filter: CustomerFilter) => void;
}) {
  const form = useForm<FilterFormValues>({
    initialValues: formValuesOf(filter),
    validate: validateFilterForm,
  });
  // Adjusting state while rendering (not in an effect) keeps the form and list in step at once.
  const filterKey = writeCustomerFilter(filter).toString();
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    form.setValues(formValuesOf(filter));
    form.clearErrors();
  }

  return (
    <form
      noValidate
      role="search"
      aria-label="Filter customers"
      onSubmit={form.onSubmit(
        (values) => onApply(filterOfFormValues(values)),
        (errors) => focusFirstError(form, errors),
      )}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
          <Select
            label="Relationship"
            data={RELATIONSHIP_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('relationship')}
          />
          <NumberInput
            label="Bought within (days)"
            description="Leave empty for any time."
            min={1}
            max={MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('boughtWithinDays')}
          />
          <Select
            label="Beverage type bought"
            data={BEVERAGE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('beverageType')}
          />
          <NumberInput
            label="Spent at least ($)"
            description="Lifetime value, in dollars."
            prefix="$"
            min={0}
            decimalScale={2}
            thousandSeparator=","
            allowNegative={false}
            {...form.getInputProps('minSpent')}
          />
          <MultiSelect
            label="States"
            description="Of their latest order."
            data={US_STATE_OPTIONS}
            searchable
            clearable
            hidePickedOptions
            nothingFoundMessage="No state matches"
            {...form.getInputProps('states')}
          />
          <TextInput
            label="Search by name or email"
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={MAX_SEARCH_LENGTH}
            {...form.getInputProps('search')}
          />
        </SimpleGrid>
        <Checkbox
          label="Only people who agreed to email"
          {...form.getInputProps('subscribedOnly', { type: 'checkbox' })}
        />
        <Group gap="sm">
          <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
            Apply filters
          </Button>
          <Button
            variant="default"
            onClick={() => {
              form.setValues(formValuesOf(EMPTY_FILTER));
              form.clearErrors();
              onApply(EMPTY_FILTER);
            }}
          >
            Clear filters
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
