import { Box, Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconDownload, IconUsers } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery, type CombinedError } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { SuccessNotice } from '../../components/success-notice';
import { paginationLabels } from '../../lib/pagination-labels';
import { describeError } from '../../lib/server-error';
import { CUSTOMERS, SEGMENTS, type SavedSegment } from './api/customers';
import {
  customerCount,
  customersCsvHref,
  CUSTOMERS_PAGE_SIZE,
  describeFilter,
  filterInput,
  hasFilter,
  pageRange,
  readCustomerFilter,
  sameSegmentFilter,
  writeCustomerFilter,
  EMPTY_FILTER,
  type CustomerFilter,
} from './customer-filter';
import { CustomerFiltersForm } from './customer-filters-form';
import { CustomersList } from './customers-list';
import { DeleteSegmentDialog, SaveSegmentDialog } from './segment-dialogs';
import { SegmentsPanel } from './segments-panel';

/** The filter and page in the URL; each change is a history entry, so Back undoes it. */
function useCustomerFilter() {
  const [params, setParams] = useSearchParams();
  const { filter, page } = readCustomerFilter(params);
  const go = (next: URLSearchParams) => {
    // Applying what is already shown adds no step for Back to undo.
    if (next.toString() !== writeCustomerFilter(filter, page).toString()) setParams(next);
  };
  return {
    filter,
    page,
    apply: (next: CustomerFilter) => go(writeCustomerFilter(next)),
    goToPage: (next: number) => go(writeCustomerFilter(filter, next)),
  };
}

const isForbidden = (error: CombinedError | undefined) =>
  error?.graphQLErrors.some((e) => e.extensions.code === 'FORBIDDEN') ?? false;

/** The dialog open (or closing: it keeps its content until gone). */
type Dialog =
  { kind: 'save'; segment: SavedSegment | null } | { kind: 'delete'; segment: SavedSegment };

function NoCustomers({
  business,
  filtered,
  onClear,
}: {
  business: FramedBusiness;
  filtered: boolean;
  onClear: () => void;
}) {
  return (
    <EmptyState icon={IconUsers}>
      {filtered ? (
        <>
          <Text ta="center" fw={600}>
            No customers match these filters.
          </Text>
          <Button variant="light" onClick={onClear}>
            Clear filters
          </Button>
        </>
      ) : (
        <Text ta="center" maw={520}>
          {business.name} has no customers yet. People who buy from you, join a club, come to an
          event or follow you appear here.
        </Text>
      )}
    </EmptyState>
  );
}

function CustomersView({ slug, business }: { slug: string; business: FramedBusiness }) {
  const { filter, page, apply, goToPage } = useCustomerFilter();
  const [customersResult, refetchCustomers] = useQuery({
    query: CUSTOMERS,
    variables: {
      businessSlug: slug,
      filter: filterInput(filter),
      offset: (page - 1) * CUSTOMERS_PAGE_SIZE,
      limit: CUSTOMERS_PAGE_SIZE,
    },
    requestPolicy: 'cache-and-network',
  });
  const [segmentsResult, refetchSegments] = useQuery({
    query: SEGMENTS,
    variables: { businessSlug: slug },
    requestPolicy: 'cache-and-network',
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const openDialog = (next: Dialog) => {
    setDialog(next);
    setDialogOpen(true);
    setDeleted(false);
  };
  const closeDialog = () => setDialogOpen(false);
  const [notice, setNotice] = useState<string | null>(null);
  // A suggestion applied offers its name when saved, while its filters are still the ones applied.
  const [suggestion, setSuggestion] = useState<{ name: string; filter: CustomerFilter } | null>(
    null,
  );
  const results = useRef<HTMLHeadingElement>(null);
  const segmentsHeading = useRef<HTMLHeadingElement>(null);

  // The last page shown stays while another loads, rather than the list jumping away.
  const [shownData, setShownData] = useState(customersResult.data);
  if (customersResult.data && customersResult.data !== shownData) {
    setShownData(customersResult.data);
  }
  const data =
    customersResult.data ??
    (customersResult.fetching && !customersResult.error ? shownData : undefined);

  const forbidden = [customersResult.error, segmentsResult.error].find(isForbidden);
  if (forbidden) {
    return (
      <ErrorAlert
        title="You cannot see these customers"
        message={describeError(forbidden).message}
      />
    );
  }

  const applyFilter = (next: CustomerFilter, suggestedName?: string) => {
    setNotice(null);
    setSuggestion(suggestedName ? { name: suggestedName, filter: next } : null);
    apply(next);
  };
  const refreshSegments = () => refetchSegments({ requestPolicy: 'network-only' });
  const list = data?.customers;
  const pages = list ? Math.ceil(list.total / CUSTOMERS_PAGE_SIZE) : 0;
  const filtered = hasFilter(filter);

  return (
    <Stack gap="xl">
      <Text>
        Everyone who bought from {business.name}, joined a club, came to an event or follows you,
        biggest spenders first. Email only reaches those who agreed to it.
      </Text>
      {notice ? <SuccessNotice onClose={() => setNotice(null)}>{notice}</SuccessNotice> : null}
      <SegmentsPanel
        segments={segmentsResult.data?.segments}
        fetching={segmentsResult.fetching}
        error={segmentsResult.error}
        filter={filter}
        onRetry={refreshSegments}
        onApply={applyFilter}
        onEdit={(segment) => openDialog({ kind: 'save', segment })}
        onDelete={(segment) => openDialog({ kind: 'delete', segment })}
        headingRef={segmentsHeading}
      />
      <Stack component="section" aria-labelledby="filters-heading" gap="sm">
        <Title order={2} fz="xl" id="filters-heading">
          Filters
        </Title>
        <CustomerFiltersForm filter={filter} onApply={(next) => applyFilter(next)} />
      </Stack>
      <Stack
        component="section"
        aria-labelledby="results-heading"
        aria-busy={customersResult.fetching}
        gap="sm"
      >
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Title order={2} fz="xl" id="results-heading" ref={results} aria-live="polite">
            {list ? customerCount(list.total) : 'Results'}
          </Title>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              onClick={() => openDialog({ kind: 'save', segment: null })}
            >
              Save as segment
            </Button>
            <Button
              component="a"
              href={customersCsvHref(slug, filter)}
              download
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              Export CSV
            </Button>
          </Group>
        </Group>
        <Text fz="sm" c="dark.6">
          Showing: {describeFilter(filter)}
        </Text>
        {customersResult.error && !data ? (
          <ErrorAlert
            title="Your customers could not be loaded"
            message={describeError(customersResult.error).message}
            onRetry={() => refetchCustomers({ requestPolicy: 'network-only' })}
          />
        ) : null}
        {!data && customersResult.fetching ? <PageLoading /> : null}
        {list ? (
          list.customers.length === 0 ? (
            page > 1 && list.total > 0 ? (
              <Group gap="sm">
                <Text>This page is past the end of the list.</Text>
                <Button variant="light" onClick={() => goToPage(1)}>
                  Go to the first page
                </Button>
              </Group>
            ) : (
              <NoCustomers
                business={business}
                filtered={filtered}
                onClear={() => applyFilter(EMPTY_FILTER)}
              />
            )
          ) : (
            <>
              <CustomersList
                customers={list.customers}
                caption={`Customers of ${business.name}, biggest spenders first. ${pageRange(page, list.customers.length, list.total)}.`}
              />
              {pages > 1 ? (
                <Box component="nav" aria-label="Pages of customers">
                  <Pagination
                    total={pages}
                    value={Math.min(page, pages)}
                    onChange={(next) => {
                      goToPage(next);
                      results.current?.scrollIntoView({ block: 'start' });
                    }}
                    {...paginationLabels(page)}
                  />
                </Box>
              ) : null}
            </>
          )
        ) : null}
      </Stack>
      <SaveSegmentDialog
        opened={dialogOpen && dialog?.kind === 'save'}
        businessSlug={slug}
        segment={dialog?.kind === 'save' ? dialog.segment : null}
        filter={filter}
        defaultName={
          suggestion && sameSegmentFilter(suggestion.filter, filter) ? suggestion.name : ''
        }
        onSaved={(segment) => {
          closeDialog();
          setNotice(`The segment “${segment.name}” is saved.`);
          refreshSegments();
        }}
        onClose={closeDialog}
      />
      <DeleteSegmentDialog
        businessSlug={slug}
        opened={dialogOpen && dialog?.kind === 'delete'}
        returnFocus={!deleted}
        segment={dialog?.kind === 'delete' ? dialog.segment : null}
        onDeleted={(segment) => {
          // The segment's Delete button is going: the keyboard goes to the segments instead.
          setDeleted(true);
          segmentsHeading.current?.focus();
          closeDialog();
          setNotice(`The segment “${segment.name}” is deleted.`);
          refreshSegments();
        }}
        onClose={closeDialog}
      />
    </Stack>
  );
}

/** Route /business/:slug/customers: the producer's customers, filtered, saved as segments. */
export function CustomersPage() {
  const { slug = '' } = useParams();
  return (
    <BusinessFrame title={() => 'Customers'}>
      {(business) => <CustomersView slug={slug} business={business} />}
    </BusinessFrame>
  );
}
