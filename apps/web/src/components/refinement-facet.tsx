import { FACET_LIMIT, FACET_SHOW_MORE_LIMIT } from '@bevy/core';
import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useId, useState } from 'react';
import { useRefinementList } from 'react-instantsearch';

/**
 * One refiner (spec "Shop page"): the facet's values as checkboxes with their counts, sorted by
 * label, 10 shown and 'Show more' up to 20; a searchable one also searches the facet's values.
 */
export function RefinementFacet({
  attribute,
  title,
  searchable = false,
  formatValue = (value) => value,
}: {
  attribute: string;
  title: string;
  searchable?: boolean;
  /** How a value is shown, e.g. 750 -> "750 ml". */
  formatValue?: (value: string) => string;
}) {
  const {
    items,
    refine,
    searchForItems,
    isFromSearch,
    canToggleShowMore,
    isShowingMore,
    toggleShowMore,
  } = useRefinementList({
    attribute,
    sortBy: ['name:asc'],
    limit: FACET_LIMIT,
    showMore: true,
    showMoreLimit: FACET_SHOW_MORE_LIMIT,
  });
  const [facetQuery, setFacetQuery] = useState('');
  const listId = useId();
  // A facet with nothing to choose from (and no search under way) is left out entirely.
  if (items.length === 0 && !facetQuery) return null;

  return (
    <Fieldset legend={title} variant="unstyled" styles={{ legend: { fontWeight: 700 } }}>
      <Stack gap={6}>
        {searchable ? (
          <TextInput
            size="xs"
            type="search"
            aria-label={`Search ${title}`}
            placeholder={`Search ${title.toLowerCase()}…`}
            aria-controls={listId}
            value={facetQuery}
            maxLength={100}
            onChange={(event) => {
              setFacetQuery(event.currentTarget.value);
              searchForItems(event.currentTarget.value);
            }}
          />
        ) : null}
        <Stack gap={4} id={listId}>
          {items.length === 0 ? (
            <Text fz="sm" c="dark.6">
              No {title.toLowerCase()} matches “{facetQuery}”.
            </Text>
          ) : (
            items.map((item) => (
              <Checkbox
                key={item.value}
                size="xs"
                checked={item.isRefined}
                onChange={() => {
                  refine(item.value);
                  if (isFromSearch) {
                    setFacetQuery('');
                    searchForItems('');
                  }
                }}
                label={
                  <Group gap={6} wrap="nowrap" component="span">
                    <span>{formatValue(item.label)}</span>
                    <Text component="span" fz="xs" c="dark.6">
                      ({item.count.toLocaleString('en-US')})
                    </Text>
                  </Group>
                }
              />
            ))
          )}
        </Stack>
        {canToggleShowMore && !isFromSearch ? (
          <Group>
            <Button variant="subtle" size="compact-xs" onClick={toggleShowMore}>
              {isShowingMore ? 'Show less' : 'Show more'}
              <VisuallyHidden> {title.toLowerCase()}</VisuallyHidden>
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
