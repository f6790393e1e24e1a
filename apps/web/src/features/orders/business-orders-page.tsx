import { orderStatusLabel, VISIBLE_ORDER_STATUSES } from '@bevy/core';
import {
  Anchor,
  Box,
  Button,
  Container,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useDocumentTitle } from '@mantine/hooks';
import { IconBuildingStore, IconDownload, IconReceipt, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { CaptionedTable } from '../../components/captioned-table';
import { EmptyState } from '../../components/empty-state';
import { fulfillmentLabel, OrderStatusBadge } from '../../components/order-status';
import { PageLoading } from '../../components/page-loading';
import { formatTimestampDate } from '../../lib/dates';
import { paginationLabels } from '../../lib/pagination-labels';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { useMe } from '../../lib/use-me';
import { BUSINESS_ORDERS, type OrderSummary } from './api/orders';
import {
  hasFilters,
  ORDERS_PAGE_SIZE,
  ordersCsvHref,
  readOrderFilters,
  writeOrderFilters,
  type OrderFilters,
} from './order-filters';
import { ErrorAlert, orderPath, pageSummary, TotalCell } from './order-ui';
import { DIRECT_SOURCE, SalesBySource, sourceName } from './sales-by-source';
import { RESET_SCROLL_STATE } from '../../lib/scroll-restoration';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...VISIBLE_ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) })),
];

/** The share button's channels, and any other source the URL names (from the summary's links). */
function sourceOptions(current: string | null) {
  const channels = ['share', 'link', 'email', 'x', 'facebook', 'linkedin', 'pinterest'];
  const extra = current && current !== DIRECT_SOURCE && !channels.includes(current);
  return [
    { value: ALL, label: 'All sources' },
    { value: DIRECT_SOURCE, label: sourceName(null) },
    ...[...channels, ...(extra ? [current] : [])].map((value) => ({ value, label: value })),
  ];
}

/** The filters in the URL, and a way to change some of them (back to page 1 unless a page is given). */
function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const filters = readOrderFilters(params, VISIBLE_ORDER_STATUSES);
  const update = (change: Partial<OrderFilters>) =>
    setParams(
      (current) =>
        writeOrderFilters({
          ...readOrderFilters(current, VISIBLE_ORDER_STATUSES),
          page: 1,
          ...change,
        }),
      // A new filter keeps the reader where they are; another page of orders starts at the top.
      { replace: true, state: 'page' in change ? RESET_SCROLL_STATE : undefined },
    );
  return { filters, update };
}

function OrdersTable({ orders }: { orders: OrderSummary[] }) {
  return (
    <CaptionedTable minWidth={880} caption="Orders placed with your businesses, newest first">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Order</Table.Th>
          <Table.Th scope="col">Date</Table.Th>
          <Table.Th scope="col">Business</Table.Th>
          <Table.Th scope="col">Buyer</Table.Th>
          <Table.Th scope="col">Fulfillment</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Source</Table.Th>
          <Table.Th scope="col" ta="right">
            Total
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {orders.map((order) => (
          <Table.Tr key={order.id}>
            <Table.Th scope="row">
              <Anchor component={Link} to={orderPath(order.id)} fw={600}>
                {order.number}
              </Anchor>
              {order.clubRelease ? (
                <Text fz="xs" c="dark.6" fw={400}>
                  Club order · {order.clubRelease}
                </Text>
              ) : null}
            </Table.Th>
            <Table.Td>{formatTimestampDate(order.createdAt)}</Table.Td>
            <Table.Td>{order.businessName}</Table.Td>
            <Table.Td>{order.contactName}</Table.Td>
            <Table.Td>{fulfillmentLabel(order.fulfillmentMode)}</Table.Td>
            <Table.Td>
              <OrderStatusBadge status={order.status} label={order.statusLabel} />
            </Table.Td>
            <Table.Td>{order.source?.label ?? '—'}</Table.Td>
            <TotalCell order={order} />
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CaptionedTable>
  );
}

function NoOrders({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <EmptyState icon={IconReceipt}>
      {filtered ? (
        <>
          <Text ta="center" fw={600}>
            No orders match these filters.
          </Text>
          <Button variant="light" onClick={onClear}>
            Clear filters
          </Button>
        </>
      ) : (
        <Text ta="center" maw={480}>
          No orders yet. When buyers check out, their orders for your businesses appear here.
        </Text>
      )}
    </EmptyState>
  );
}

/** /business/orders for someone who works at no business: where their own orders are instead. */
function NotASeller() {
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1}>Orders</Title>
        <EmptyState icon={IconBuildingStore}>
          <Text ta="center" maw={480}>
            Orders for businesses are for sellers: this page lists the orders placed with the
            businesses you work at, and you do not work at one yet. What you bought is under Your
            orders.
          </Text>
          <Group justify="center" gap="sm">
            <Button
              component={Link}
              to="/consumer"
              leftSection={<IconReceipt size={18} aria-hidden />}
            >
              Your orders
            </Button>
            <Button
              component={Link}
              to="/business/new"
              variant="default"
              leftSection={<IconBuildingStore size={18} aria-hidden />}
            >
              Create your business
            </Button>
          </Group>
        </EmptyState>
      </Stack>
    </Container>
  );
}

/** Spec /business/orders: the orders of every business the user works at (admins: all). */
export function BusinessOrdersPage() {
  useDocumentTitle(`Orders · ${siteConfig.siteName}`);
  const { me } = useMe();
  if (me && !me.is_admin && me.works_at.length === 0) return <NotASeller />;
  return <BusinessOrdersList businesses={me?.works_at ?? []} />;
}

function BusinessOrdersList({ businesses }: { businesses: { id: number; name: string }[] }) {
  const { filters, update } = useOrderFilters();

  // What is typed shows at once; the URL (and so the query) follows once typing pauses.
  const [searchText, setSearchText] = useState(filters.search);
  const [appliedSearch, setAppliedSearch] = useState(filters.search);
  if (appliedSearch !== filters.search) {
    // The URL changed by other means (back, "Clear filters"): show its search.
    setAppliedSearch(filters.search);
    if (searchText.trim() !== filters.search) setSearchText(filters.search);
  }
  const { pathname } = useLocation();
  const applySearch = useDebouncedCallback((text: string) => {
    // A click on an order may already have left this page while the order's page loads (this
    // one stays mounted meanwhile): the search must not bring the buyer back here.
    if (window.location.pathname === pathname) update({ search: text.trim() });
  }, 300);

  const [result, reexecute] = useQuery({
    query: BUSINESS_ORDERS,
    variables: {
      status: filters.status,
      businessId: filters.businessId,
      search: filters.search || null,
      source: filters.source,
      limit: ORDERS_PAGE_SIZE,
      offset: (filters.page - 1) * ORDERS_PAGE_SIZE,
    },
    requestPolicy: 'cache-and-network',
  });
  const data = result.data?.businessOrders;
  const filtered = hasFilters(filters);
  const pages = data ? Math.ceil(data.total / ORDERS_PAGE_SIZE) : 0;
  // The summary is one producer's: the one chosen, else the first the seller works at.
  const summarized = businesses.find((b) => b.id === filters.businessId) ?? businesses[0];

  const clearFilters = () => {
    applySearch.cancel();
    setSearchText('');
    update({ status: null, businessId: null, search: '', source: null });
  };

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={1}>Orders</Title>
          <Button
            component="a"
            href={ordersCsvHref(filters)}
            download
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
          >
            Export CSV
          </Button>
        </Group>
        {summarized ? <SalesBySource business={summarized} /> : null}
        <Group
          component="form"
          role="search"
          aria-label="Filter orders"
          align="flex-end"
          gap="md"
          wrap="wrap"
          onSubmit={(event) => {
            event.preventDefault();
            applySearch.flush();
          }}
        >
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={filters.status ?? ALL}
            onChange={(value) => update({ status: value && value !== ALL ? value : null })}
            allowDeselect={false}
            w={200}
          />
          {businesses.length >= 2 ? (
            <Select
              label="Business"
              data={[
                { value: ALL, label: 'All businesses' },
                ...businesses.map((b) => ({ value: String(b.id), label: b.name })),
              ]}
              value={filters.businessId === null ? ALL : String(filters.businessId)}
              onChange={(value) =>
                update({ businessId: value && value !== ALL ? Number(value) : null })
              }
              allowDeselect={false}
              w={240}
            />
          ) : null}
          <Select
            label="Source"
            data={sourceOptions(filters.source)}
            value={filters.source ?? ALL}
            onChange={(value) => update({ source: value && value !== ALL ? value : null })}
            allowDeselect={false}
            w={200}
          />
          <TextInput
            label="Search by order number or buyer"
            type="search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              applySearch(event.currentTarget.value);
            }}
            w={320}
            maxLength={100}
          />
        </Group>
        {result.error ? (
          <ErrorAlert
            title="We could not load the orders"
            message={describeError(result.error).message}
            onRetry={() => reexecute({ requestPolicy: 'network-only' })}
          />
        ) : null}
        {!data && result.fetching ? <PageLoading /> : null}
        {data ? (
          data.orders.length === 0 && filters.page === 1 ? (
            <NoOrders filtered={filtered} onClear={clearFilters} />
          ) : (
            <>
              <Text role="status" size="sm" c="dark.6">
                {pageSummary(filters.page, ORDERS_PAGE_SIZE, data.orders.length, data.total)}
              </Text>
              {data.orders.length > 0 ? <OrdersTable orders={data.orders} /> : null}
              {pages > 1 ? (
                <Box component="nav" aria-label="Pages of orders">
                  <Pagination
                    total={pages}
                    value={Math.min(filters.page, pages)}
                    onChange={(page) => update({ page })}
                    {...paginationLabels(filters.page)}
                  />
                </Box>
              ) : null}
            </>
          )
        ) : null}
      </Stack>
    </Container>
  );
}
