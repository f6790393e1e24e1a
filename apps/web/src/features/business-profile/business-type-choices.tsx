import { Checkbox, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuery } from 'urql';
import { describeError } from '../../lib/server-error';
import { GET_TAGS_FOR_CATEGORY } from './api/profile';

export const BUSINESS_TYPE_CATEGORY = 'Business Type';

/** The 'Business Type' tags as checkboxes, values being tag ids as strings. */
export function BusinessTypeChoices({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error?: ReactNode;
}) {
  const [{ data, fetching, error: loadError }] = useQuery({
    query: GET_TAGS_FOR_CATEGORY,
    variables: { tagCategoryName: BUSINESS_TYPE_CATEGORY },
  });
  const types = [...(data?.tagsForCategory ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Checkbox.Group
      label="Business type"
      description="Choose every kind of producer you are; buyers can search by them."
      value={value}
      onChange={onChange}
      error={error}
    >
      {fetching && !data ? (
        <Text fz="sm" role="status" mt="xs">
          Loading business types...
        </Text>
      ) : loadError ? (
        <Text fz="sm" c="red.9" mt="xs">
          We could not load the business types: {describeError(loadError).message} You can add them
          later.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" mt="xs">
          {types.map((type) => (
            <Checkbox key={type.id} value={String(type.id)} label={type.name} />
          ))}
        </SimpleGrid>
      )}
    </Checkbox.Group>
  );
}
