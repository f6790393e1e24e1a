import { compareLabels, FACET_LIMIT, FACET_SHOW_MORE_LIMIT } from '@bevy/core';
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
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useRefinementList } from 'react-instantsearch';

interface FacetValueProps {
  value: string;
  /** What the buyer reads, e.g. "750 ml". */
  label: string;
  count: number;
  checked: boolean;
  onToggle: (value: string) => void;
}

/**
 * One value with its count. Memoized: every search re-renders each refiner (when it starts and
 * when its answer comes), and most values come back unchanged, so only the changed ones render.
 */
const FacetValue = memo(function FacetValue({
  value,
  label,
  count,
  checked,
  onToggle,
}: FacetValueProps) {
  return (
    <Checkbox
      size="xs"
      checked={checked}
      onChange={() => onToggle(value)}
      label={
        <Group gap={6} wrap="nowrap" component="span">
          <span>{label}</span>
          <Text component="span" fz="xs" c="dark.6">
            ({count.toLocaleString('en-US')})
          </Text>
        </Group>
      }
    />
  );
});

/**
 * Ticked values first, so one picked through the facet's search stays in view whatever its
 * place; then by label, numbers by value and case ignored, the order the engine picks the first
 * values in (the page asks for sortFacetValuesBy 'alpha').
 */
function refinedThenByLabel(
  a: { isRefined: boolean; name: string },
  b: { isRefined: boolean; name: string },
): number {
  return Number(b.isRefined) - Number(a.isRefined) || compareLabels(a.name, b.name);
}

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
    sortBy: refinedThenByLabel,
    limit: FACET_LIMIT,
    showMore: true,
    showMoreLimit: FACET_SHOW_MORE_LIMIT,
  });
  const [facetQuery, setFacetQuery] = useState('');
  const listId = useId();
  // searchForItems is a new function on every render; the values' handler must stay the same.
  const latestSearchForItems = useRef(searchForItems);
  useEffect(() => {
    latestSearchForItems.current = searchForItems;
  });
  // Ticks the buyer made that the results do not show yet: a click shows at once, whatever the
  // network; each is dropped when the results agree.
  const [pending, setPending] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const refinedNowRef = useRef<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (value: string) => {
      setPending((current) =>
        new Map(current).set(value, !(current.get(value) ?? refinedNowRef.current.has(value))),
      );
      refine(value);
      if (isFromSearch) {
        setFacetQuery('');
        latestSearchForItems.current('');
      }
    },
    [refine, isFromSearch],
  );
  // Every keystroke brings new counts. Rendering the values in a deferred pass lets the results
  // reach the screen first; the values follow a moment later.
  const shownItems = useDeferredValue(items);
  // Whether a value is ticked is never deferred: a click must show at once, counts may follow.
  const refinedNow = useMemo(
    () => new Set(items.filter((item) => item.isRefined).map((item) => item.value)),
    [items],
  );
  useEffect(() => {
    refinedNowRef.current = refinedNow;
    setPending((current) => {
      const agreed = [...current].filter(([value, ticked]) => refinedNow.has(value) === ticked);
      if (agreed.length === 0) return current;
      const next = new Map(current);
      for (const [value] of agreed) next.delete(value);
      return next;
    });
  }, [refinedNow]);
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
        {/* Rows 6 px apart: each 16 px checkbox keeps a 24 px target of its own (WCAG 2.5.8). */}
        <Stack gap={6} id={listId}>
          {shownItems.length === 0 ? (
            <Text fz="sm" c="dark.6">
              No {title.toLowerCase()} matches “{facetQuery}”.
            </Text>
          ) : (
            shownItems.map((item) => (
              <FacetValue
                key={item.value}
                value={item.value}
                label={formatValue(item.label)}
                count={item.count}
                checked={pending.get(item.value) ?? refinedNow.has(item.value)}
                onToggle={toggle}
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
