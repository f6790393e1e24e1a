import { Button, Card, Container, List, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { AccountNav } from '../../components/account-nav';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { DELETION_SUMMARY_KEY } from './account-deleted-page';
import {
  ACCOUNT_DELETION_PREVIEW,
  type AccountDeletion,
  type DeletionPreviewItem,
} from './api/account-deletion';
import { DeleteAccountDialog } from './delete-account-dialog';

const GROUP_TITLES: Record<string, string> = {
  blocked: 'Before you can delete your account',
  orders_cancelled: 'Orders that will be cancelled and refunded',
  orders_kept: 'Orders already on their way',
  memberships: 'Club memberships',
  tickets: 'Upcoming tickets',
  workplaces: 'Businesses you work at',
  account: 'Your account',
};

/** After the session is gone: forget what this browser kept, and reload as a visitor. */
function leaveAfterDeletion(done: AccountDeletion) {
  try {
    localStorage.clear();
    sessionStorage.setItem(DELETION_SUMMARY_KEY, JSON.stringify(done));
  } catch {
    // Storage unavailable: the confirmation page says what was done in general terms.
  }
  window.location.assign('/account/deleted');
}

function DeletionPreview({ items }: { items: DeletionPreviewItem[] }) {
  const groups = Object.keys(GROUP_TITLES).filter((group) =>
    items.some((item) => item.group === group),
  );
  return (
    <Stack gap="sm">
      {groups.map((group) => (
        <section key={group} aria-labelledby={`deletion-${group}`}>
          <Title order={3} size="h5" id={`deletion-${group}`}>
            {GROUP_TITLES[group]}
          </Title>
          <List spacing={4} size="sm">
            {items
              .filter((item) => item.group === group)
              .map((item) => (
                <List.Item key={`${item.what}-${item.outcome}`}>
                  <Text span fw={600} size="sm">
                    {item.what}:
                  </Text>{' '}
                  {item.outcome}
                </List.Item>
              ))}
          </List>
        </section>
      ))}
    </Stack>
  );
}

/**
 * /account/privacy: download everything we hold about the person, delete the account, and
 * (`choices`, placed by the app) their privacy choices and requests.
 */
export function AccountPrivacyPage({ choices }: { choices?: ReactNode }) {
  useDocumentTitle(`Privacy · ${siteConfig.siteName}`);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: ACCOUNT_DELETION_PREVIEW });
  const [deleting, setDeleting] = useState(false);

  let preview;
  if (error && !data) {
    preview = (
      <ErrorAlert
        title="We could not load what deleting your account would do"
        message={describeError(error).message}
        onRetry={() => reexecute({ requestPolicy: 'network-only' })}
      />
    );
  } else if (!data?.me) {
    preview = fetching ? <PageLoading /> : null;
  } else {
    preview = (
      <>
        <DeletionPreview items={data.accountDeletionPreview} />
        <div>
          <Button color="red.9" onClick={() => setDeleting(true)}>
            Delete my account…
          </Button>
        </div>
        <DeleteAccountDialog
          opened={deleting}
          email={data.me.email}
          onClose={() => setDeleting(false)}
          onDeleted={leaveAfterDeletion}
        />
      </>
    );
  }

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>Privacy</Title>
        <AccountNav />
        <Card withBorder component="section" aria-labelledby="download-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="download-title">
              Download my data
            </Title>
            <Text>
              A zip file with everything {siteConfig.siteName} holds about you, ready at once: your
              profile, saved addresses, orders with their lines (JSON and CSV), payments, club
              memberships and shipments, tickets, follows and marketing consents, wholesale
              applications with your licence file, sessions and privacy requests. A README inside
              says what each file is. Keep it safe: it holds your personal details.
            </Text>
            <div>
              <Button component="a" href="/account/my-data.zip" download>
                Download my data
              </Button>
            </div>
          </Stack>
        </Card>
        {choices}
        <Card withBorder component="section" aria-labelledby="delete-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="delete-title">
              Delete my account
            </Title>
            <Text>
              What happens when you delete your account: the list below is everything still open,
              and what deleting does to it. You confirm with your password and your email.
            </Text>
            {preview}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
