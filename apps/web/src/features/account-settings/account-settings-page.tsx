import { Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from 'urql';
import { AccountNav } from '../../components/account-nav';
import { ErrorAlert } from '../../components/error-alert';
import { PageLoading } from '../../components/page-loading';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { AddressesSection } from './addresses-section';
import { ACCOUNT_SETTINGS } from './api/account-settings';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';

/** /account: a person's name, email, password, saved addresses and sessions. */
export function AccountSettingsPage() {
  useDocumentTitle(`Account settings · ${siteConfig.siteName}`);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: ACCOUNT_SETTINGS });
  const reload = () => reexecute({ requestPolicy: 'network-only' });

  let content;
  if (error && !data) {
    content = (
      <ErrorAlert
        title="We could not load your settings"
        message={describeError(error).message}
        onRetry={reload}
      />
    );
  } else if (!data?.me) {
    content = fetching ? <PageLoading /> : null;
  } else {
    content = (
      <>
        <ProfileSection name={data.me.name} />
        <EmailSection
          email={data.me.email}
          pending={data.pendingEmailChange ?? null}
          onChanged={reload}
        />
        <PasswordSection onChanged={reload} />
        <AddressesSection addresses={data.savedAddresses} onChanged={reload} />
        <SessionsSection sessions={data.mySessions} onChanged={reload} />
      </>
    );
  }

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1}>Account settings</Title>
        <AccountNav />
        {content}
      </Stack>
    </Container>
  );
}
