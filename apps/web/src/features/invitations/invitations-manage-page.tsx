import {
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { BusinessFrame, type FramedBusiness } from '../../components/business-frame';
import { CaptionedTable } from '../../components/captioned-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { StatusBadge } from '../../components/status-badge';
import { SuccessNotice } from '../../components/success-notice';
import { formatTimestampDate } from '../../lib/dates';
import type { ResultOf } from '../../lib/graphql';
import { describeError } from '../../lib/server-error';
import { INVITATIONS, REVOKE_INVITATION, SEND_INVITATIONS } from './api/invitations';
import {
  INVITATION_KIND_LABELS,
  INVITATION_STATE_LABELS,
  parseEmailList,
  type InvitationKindName,
} from './invitation-labels';

type Data = ResultOf<typeof INVITATIONS>;

function InviteForm({
  business,
  data,
  onSent,
}: {
  business: FramedBusiness;
  data: Data;
  onSent: () => void;
}) {
  const [kind, setKind] = useState<InvitationKindName>('follow');
  const [clubId, setClubId] = useState<string | null>(null);
  const [eventId, setEventId] = useState<string | null>(null);
  const [emails, setEmails] = useState('');
  const [message, setMessage] = useState('');
  const [sent, send] = useMutation(SEND_INVITATIONS);
  const [outcome, setOutcome] = useState<{ invited: string[]; skipped: string[] } | null>(null);
  const clubs = data.clubsToManage.filter((club) => club.status === 'open');
  const events = data.eventsToManage.filter(
    (event) => !event.cancelled && new Date(event.endsAt) > new Date(),
  );
  const refusal = sent.error ? describeError(sent.error) : null;
  const fieldError = (field: string) => (refusal?.field === field ? refusal.message : undefined);

  async function submit() {
    setOutcome(null);
    const list = parseEmailList(emails);
    const result = await send({
      businessSlug: business.slug,
      kind,
      emails: list,
      clubId: kind === 'club' && clubId ? Number(clubId) : null,
      eventId: kind === 'event' && eventId ? Number(eventId) : null,
      message,
    });
    if (result.data) {
      setOutcome(result.data.sendInvitations);
      setEmails('');
      onSent();
    }
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="invite-heading">
      <Stack gap="sm">
        <Title order={2} fz="xl" id="invite-heading">
          Invite people
        </Title>
        {outcome ? (
          <SuccessNotice onClose={() => setOutcome(null)}>
            {outcome.invited.length === 1
              ? '1 invitation sent.'
              : `${outcome.invited.length} invitations sent.`}
            {outcome.skipped.length > 0
              ? ` Not invited (invited already, unsubscribed from you, or their address refuses mail): ${outcome.skipped.join(', ')}.`
              : ''}
          </SuccessNotice>
        ) : null}
        {refusal && !refusal.field ? <ErrorAlert message={refusal.message} /> : null}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="sm">
            <Select
              label="Invite them to"
              data={Object.entries(INVITATION_KIND_LABELS).map(([value, label]) => ({
                value,
                label,
              }))}
              value={kind}
              onChange={(value) => setKind((value as InvitationKindName | null) ?? 'follow')}
              allowDeselect={false}
            />
            {kind === 'club' ? (
              <Select
                label="Club"
                placeholder={clubs.length ? 'Choose a club' : 'You have no open clubs'}
                data={clubs.map((club) => ({ value: String(club.id), label: club.name }))}
                value={clubId}
                onChange={setClubId}
                error={fieldError('clubId')}
                required
              />
            ) : null}
            {kind === 'event' ? (
              <Select
                label="Event"
                placeholder={events.length ? 'Choose an event' : 'You have no upcoming events'}
                data={events.map((event) => ({
                  value: String(event.id),
                  label: `${event.title} (${event.when})`,
                }))}
                value={eventId}
                onChange={setEventId}
                error={fieldError('eventId')}
                required
              />
            ) : null}
            {kind === 'trade' ? (
              <Text fz="sm" c="dark.6">
                Their wholesale application will say that {business.name} vouches for them. We still
                check every license.
              </Text>
            ) : null}
            <Textarea
              label="Email addresses"
              description="One per line, or separated by commas; up to 50 at a time."
              autosize
              minRows={3}
              value={emails}
              onChange={(event) => setEmails(event.currentTarget.value)}
              error={refusal?.field?.startsWith('emails') ? refusal.message : undefined}
              required
            />
            <Textarea
              label="A note from you (optional)"
              autosize
              minRows={2}
              maxLength={1000}
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
            />
            <Group>
              <Button
                type="submit"
                loading={sent.fetching}
                leftSection={<IconMailForward size={16} aria-hidden />}
              >
                Send invitations
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

function InvitationRows({
  business,
  data,
  onChanged,
}: {
  business: FramedBusiness;
  data: Data;
  onChanged: () => void;
}) {
  const [revoking, revoke] = useMutation(REVOKE_INVITATION);
  if (data.invitations.length === 0) {
    return (
      <EmptyState icon={IconMailForward}>
        <Text ta="center">No invitations yet.</Text>
        <Text ta="center" fz="sm" c="dark.6">
          Each invitation works once and for 14 days; here you see whether it was opened and
          accepted.
        </Text>
      </EmptyState>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="sent-heading">
      <Title order={2} fz="xl" id="sent-heading">
        Sent invitations
      </Title>
      {revoking.error ? <ErrorAlert message={describeError(revoking.error).message} /> : null}
      <CaptionedTable caption="Invitations, newest first, with what became of each" minWidth={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>For</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.invitations.map((row) => {
            const state = INVITATION_STATE_LABELS[row.state] ?? INVITATION_STATE_LABELS.sent!;
            const waiting = row.state === 'sent' || row.state === 'opened';
            return (
              <Table.Tr key={row.id}>
                <Table.Td>{row.email}</Table.Td>
                <Table.Td>
                  {INVITATION_KIND_LABELS[row.kind]}
                  {row.subjectName ? `: ${row.subjectName}` : ''}
                </Table.Td>
                <Table.Td>{formatTimestampDate(row.sentAt)}</Table.Td>
                <Table.Td>
                  <StatusBadge color={state.color}>{state.label}</StatusBadge>
                </Table.Td>
                <Table.Td>
                  {waiting ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="dark"
                      aria-label={`Withdraw the invitation to ${row.email}`}
                      onClick={async () => {
                        const result = await revoke({ businessSlug: business.slug, id: row.id });
                        if (!result.error) onChanged();
                      }}
                    >
                      Withdraw
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </CaptionedTable>
    </Stack>
  );
}

function Invitations({ business }: { business: FramedBusiness }) {
  const [{ data, fetching, error }, refetch] = useQuery({
    query: INVITATIONS,
    variables: { businessSlug: business.slug },
    requestPolicy: 'cache-and-network',
  });
  if (fetching && !data) return <PageLoading />;
  if (!data) {
    return (
      <ErrorAlert
        title="Your invitations could not be loaded"
        message={error ? describeError(error).message : 'Try again.'}
        onRetry={() => refetch({ requestPolicy: 'network-only' })}
      />
    );
  }
  const reload = () => refetch({ requestPolicy: 'network-only' });
  return (
    <Stack gap="lg">
      <Text>
        Invite customers to follow you, to join a club or to an event’s presale, and bars,
        restaurants and shops to buy from you wholesale.
      </Text>
      <InviteForm business={business} data={data} onSent={reload} />
      <InvitationRows business={business} data={data} onChanged={reload} />
    </Stack>
  );
}

/** Route /business/:slug/invitations. */
export function InvitationsManagePage() {
  return (
    <BusinessFrame title={(business) => `Invitations from ${business.name}`}>
      {(business) => <Invitations business={business} />}
    </BusinessFrame>
  );
}
