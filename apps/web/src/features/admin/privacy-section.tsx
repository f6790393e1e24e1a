import { privacyCompletionNoteSchema, privacyDeclineReasonSchema } from '@bevy/core/schemas';
import type { PrivacyRequestKind } from '@bevy/core';
import { Button, Card, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import type { ResultOf } from '../../lib/graphql';
import { StatusBadge } from '../../components/status-badge';
import { AdminModal, ErrorAlert, QueryStatus, RefreshButton } from './admin-ui';
import { errorMessage, formatDateTime } from './admin-utils';
import { PRIVACY_REQUESTS, RESOLVE_PRIVACY_REQUEST } from './api/privacy';

type Request = ResultOf<typeof PRIVACY_REQUESTS>['privacyRequests'][number];
type Filter = 'open' | 'completed' | 'declined' | 'all';
type Outcome = 'completed' | 'declined';

const KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: 'Access',
  deletion: 'Deletion',
  correction: 'Correction',
  opt_out: 'Opt-out of sale or sharing',
  other: 'Other',
};
const LAW_LABELS = { gdpr: 'GDPR', ccpa: 'CCPA' } as const;
const CHANNEL_LABELS = {
  form: 'request form',
  self_service: 'self-service',
  gpc: 'Global Privacy Control',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Due in 3 days", "Due today" or "Overdue by 2 days", and whether it is late. */
export function dueText(dueAt: string, now = Date.now()): { text: string; overdue: boolean } {
  const days = Math.ceil((new Date(dueAt).getTime() - now) / DAY_MS);
  if (days < 0) {
    const late = -days;
    return { text: `Overdue by ${late} ${late === 1 ? 'day' : 'days'}`, overdue: true };
  }
  if (days === 0) return { text: 'Due today', overdue: false };
  return { text: `Due in ${days} ${days === 1 ? 'day' : 'days'}`, overdue: false };
}

function RequestCard({
  request,
  onResolve,
}: {
  request: Request;
  onResolve: (request: Request, outcome: Outcome) => void;
}) {
  const titleId = `privacy-request-${request.id}`;
  const due = request.status === 'open' ? dueText(request.dueAt) : null;
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="md"
      aria-labelledby={titleId}
      style={due?.overdue ? { borderColor: 'var(--mantine-color-red-9)', borderWidth: 2 } : {}}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={3} size="h5" id={titleId}>
            {KIND_LABELS[request.kind]} · {request.requesterName ?? 'Account holder'} (#
            {request.id})
          </Title>
          {due ? (
            <StatusBadge color={due.overdue ? 'red' : 'yellow'}>{due.text}</StatusBadge>
          ) : (
            <StatusBadge color={request.status === 'completed' ? 'green' : 'gray'}>
              {request.status}
            </StatusBadge>
          )}
        </Group>
        <Text size="sm">
          Received <time dateTime={request.receivedAt}>{formatDateTime(request.receivedAt)}</time>{' '}
          by {CHANNEL_LABELS[request.channel]} · {LAW_LABELS[request.law]} · due{' '}
          <time dateTime={request.dueAt}>{formatDateTime(request.dueAt)}</time>
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Requester: {request.requesterEmail}
          {request.account
            ? ` · account #${request.account.id}, ${request.account.name} (${request.account.email})`
            : ' · no account with this email'}
        </Text>
        {request.details ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {request.details}
          </Text>
        ) : null}
        {request.resolvedAt ? (
          <Text size="sm">
            Answered <time dateTime={request.resolvedAt}>{formatDateTime(request.resolvedAt)}</time>
            {request.resolutionNote ? `: ${request.resolutionNote}` : ''}
          </Text>
        ) : null}
        {request.status === 'open' ? (
          <Group gap="sm">
            <Button size="sm" onClick={() => onResolve(request, 'completed')}>
              Mark completed
            </Button>
            <Button size="sm" variant="default" onClick={() => onResolve(request, 'declined')}>
              Decline
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Confirms an answer: a completion with an optional note, or a decline with its reason. */
function ResolveModal({
  target,
  loading,
  serverError,
  onConfirm,
  onClose,
}: {
  target: { request: Request; outcome: Outcome } | null;
  loading: boolean;
  serverError: string | null;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const declining = target?.outcome === 'declined';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = (declining ? privacyDeclineReasonSchema : privacyCompletionNoteSchema).safeParse(
      note,
    );
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the note.');
      field.current?.focus();
      return;
    }
    setError(null);
    onConfirm(parsed.data);
  };

  return (
    <AdminModal
      opened={target !== null}
      onClose={onClose}
      title={declining ? 'Decline this request?' : 'Mark this request completed?'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text>
            {target?.request.requesterName ?? 'The requester'} is told by email at once, and the
            request leaves the open queue.
          </Text>
          <Textarea
            ref={field}
            label={
              declining
                ? 'Reason (sent to the requester)'
                : 'Note (optional, sent to the requester)'
            }
            required={declining}
            autosize
            minRows={3}
            value={note}
            error={error}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          {serverError ? <ErrorAlert message={serverError} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={declining ? 'red.9' : undefined} loading={loading}>
              {declining ? 'Decline request' : 'Mark completed'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminModal>
  );
}

/** The privacy request queue: soonest due first, overdue ones in red, each answered by email. */
export function PrivacySection() {
  const [filter, setFilter] = useState<Filter>('open');
  const [result, reexecute] = useQuery({
    query: PRIVACY_REQUESTS,
    variables: { status: filter === 'all' ? null : filter },
    requestPolicy: 'cache-and-network',
  });
  const refetch = () => reexecute({ requestPolicy: 'network-only' });
  const [resolving, resolve] = useMutation(RESOLVE_PRIVACY_REQUEST);
  const [target, setTarget] = useState<{ request: Request; outcome: Outcome } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const requests = result.data?.privacyRequests;

  const close = () => {
    setTarget(null);
    setServerError(null);
  };
  const confirm = async (note: string) => {
    if (!target) return;
    const answer = await resolve({ id: target.request.id, outcome: target.outcome, note });
    if (answer.error) {
      setServerError(errorMessage(answer.error));
      return;
    }
    setDone(
      `Request #${target.request.id} ${target.outcome === 'completed' ? 'marked completed' : 'declined'}; the requester was emailed.`,
    );
    close();
    refetch();
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="admin-privacy-title">
      <Group justify="space-between">
        <Title order={2} id="admin-privacy-title">
          Privacy requests
        </Title>
        <RefreshButton busy={result.fetching} onClick={refetch} />
      </Group>
      <Text>
        Requests under GDPR (answer within one month) and CCPA (within 45 days). Self-service
        downloads, deletions and Global Privacy Control opt-outs are listed as completed.
      </Text>
      <SegmentedControl
        aria-label="Show requests"
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'completed', label: 'Completed' },
          { value: 'declined', label: 'Declined' },
          { value: 'all', label: 'All' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <Text role="status" size="sm" c="dark.6">
        {done}
      </Text>
      <QueryStatus error={result.error} loading={!requests && result.fetching} onRetry={refetch} />
      {requests ? (
        requests.length === 0 ? (
          <Text>{filter === 'open' ? 'No open requests.' : 'No requests here.'}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {requests.map((request) => (
              <RequestCard
                key={request.id}
                request={request}
                onResolve={(chosen, outcome) => setTarget({ request: chosen, outcome })}
              />
            ))}
          </Stack>
        )
      ) : null}
      <ResolveModal
        key={target ? `${target.request.id}-${target.outcome}` : 'closed'}
        target={target}
        loading={resolving.fetching}
        serverError={serverError}
        onConfirm={confirm}
        onClose={close}
      />
    </Stack>
  );
}
