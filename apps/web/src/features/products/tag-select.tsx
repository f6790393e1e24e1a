import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from 'urql';
import { describeError } from '../../lib/server-error';
import { TAGS_FOR_CATEGORY } from './api/products';
import { tagOptions } from './product-mapping';

/** Tag categories kept by the admin (admin → Tags) that a product's attributes come from. */
export const CLOSURE_STYLE_CATEGORY = 'Closure Style';
export const FORMAT_CATEGORY = 'Format';

/**
 * A searchable, clearable Select of the tags of `category`; `value` is the tag's name, empty for
 * none. The server accepts only these names, so the shop's refiners list each value once.
 */
export function TagSelect({
  category,
  label,
  value,
  onChange,
  error,
  ...rest
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'label'> & {
  category: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [{ data, fetching, error: loadError }] = useQuery({
    query: TAGS_FOR_CATEGORY,
    variables: { tagCategoryName: category },
  });
  const noun = label.toLowerCase();
  return (
    <Select
      {...rest}
      label={label}
      placeholder={fetching && !data ? 'Loading…' : `Choose a ${noun}`}
      data={tagOptions(data?.tagsForCategory.map((tag) => tag.name) ?? [], value)}
      value={value === '' ? null : value}
      onChange={(chosen) => onChange(chosen ?? '')}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${noun}` }}
      nothingFoundMessage={`No ${noun} matches`}
      error={
        error ??
        (loadError ? `We could not load the list: ${describeError(loadError).message}` : undefined)
      }
    />
  );
}
