import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useQuery } from 'urql';
import { StatusBadge } from '../../components/status-badge';
import { AdminPagination, QueryStatus, RefreshButton } from './admin-ui';
import { PAGE_SIZE, formatDateTime, pageSummary } from './admin-utils';
import type { OutboxMessage } from './types';
import { MAIL_OUTBOX } from './api/mail';

function MessageCard({ message }: { message: OutboxMessage }) {
  const titleId = `outbox-message-${message.id}-subject`;
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h5" id={titleId}>
            {message.subject}
          </Title>
          <StatusBadge color={message.transport === 'smtp' ? 'green' : 'gray'}>
            {message.transport}
          </StatusBadge>
        </Group>
        <Text size="sm">
          To <strong>{message.to}</strong> ·{' '}
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </Text>
        <details>
          <summary style={{ cursor: 'pointer' }}>
            <Text span size="sm" fw={600}>
              Show the text
            </Text>
          </summary>
          <Text
            component="pre"
            size="sm"
            mt="xs"
            p="sm"
            bg="gray.0"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
          >
            {message.text}
          </Text>
        </details>
      </Stack>
    </Card>
  );
}

export function MailSection() {
  const [page, setPage] = useState(1);
  const [result, reexecute] = useQuery({
    query: MAIL_OUTBOX,
    variables: { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    requestPolicy: 'cache-and-network',
  });
  const refetch = () => reexecute({ requestPolicy: 'network-only' });
  const outbox = result.data?.mailOutbox;

  return (
    <Stack gap="md" component="section" aria-labelledby="admin-mail-title">
      <Group justify="space-between">
        <Title order={2} id="admin-mail-title">
          Mail
        </Title>
        <RefreshButton busy={result.fetching} onClick={refetch} />
      </Group>
      <Text>
        Every email the site sends, newest first. Without SMTP configured, emails are kept here
        instead of being sent.
      </Text>
      <QueryStatus error={result.error} loading={!outbox && result.fetching} onRetry={refetch} />
      {outbox ? (
        <>
          <Text role="status" size="sm" c="dark.6">
            {outbox.total === 0
              ? 'No emails yet.'
              : pageSummary(page, outbox.messages.length, outbox.total, 'emails')}
          </Text>
          {outbox.messages.length > 0 ? (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {outbox.messages.map((message) => (
                <MessageCard key={message.id} message={message} />
              ))}
            </Stack>
          ) : null}
          <AdminPagination
            label="Pages of emails"
            total={outbox.total}
            page={page}
            onChange={setPage}
          />
        </>
      ) : null}
    </Stack>
  );
}
