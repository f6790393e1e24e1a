import {
  connectStatusPath,
  OFFLINE_ACCOUNT_ID,
  PENDING_SSN_LAST4,
  TEST_BANK_ACCOUNT,
  VERIFYING_SSN_LAST4,
} from '@bevy/core';
import { offlineOnboardingSchema } from '@bevy/core/schemas';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Container,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useDocumentTitle } from '@mantine/hooks';
import { IconFlask } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormWithRefusal } from '../../components/form-with-refusal';
import { PageLoading } from '../../components/page-loading';
import { focusFirstError } from '../../lib/form-focus';
import { siteConfig } from '../../lib/site-config';

interface OfflineAccount {
  account: { id: string; details_submitted: boolean; charges_enabled: boolean };
  business: { name: string; slug: string };
}

interface Refusal {
  error?: { code?: string; message?: string; field?: string; fields?: Record<string, string> };
}

type OnboardingValues = {
  legalName: string;
  dateOfBirth: string;
  ssnLast4: string;
  routingNumber: string;
  accountNumber: string;
};

/** The latest birth date of an adult (18 today), as <input type="date"> writes it. */
function latestAdultBirthDate(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - 18);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'loaded'; data: OfflineAccount }
  | { state: 'failed'; message: string };

/** The offline account named in the URL, from the server (members of its business only). */
function useOfflineAccount(accountId: string | null): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    if (!accountId) return;
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    fetch(`/offline-payments/accounts/${encodeURIComponent(accountId)}`, {
      credentials: 'include',
      headers: { accept: 'application/json' },
      signal: controller.signal,
    })
      .then(async (response) => {
        const payload = (await response.json().catch(() => null)) as
          (OfflineAccount & Refusal) | null;
        if (response.ok && payload?.account) return setLoaded({ state: 'loaded', data: payload });
        setLoaded({
          state: 'failed',
          message:
            payload?.error?.message ??
            `We could not open this account (status ${response.status}). Try again.`,
        });
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setLoaded({
          state: 'failed',
          message: 'We could not reach the server. Check your connection and try again.',
        });
      });
    return () => controller.abort();
  }, [accountId]);
  return accountId
    ? loaded
    : { state: 'failed', message: 'This onboarding link has no valid account in it.' };
}

function PageFrame({ businessName, children }: { businessName?: string; children: ReactNode }) {
  useDocumentTitle(`Set up payments · ${siteConfig.siteName}`);
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Title order={1}>
          {businessName ? `Set up payments for ${businessName}` : 'Set up payments'}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

function TestModeNotice() {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconFlask size={20} aria-hidden />}
      title="Offline test mode: a stand-in for Stripe"
      // Mantine's yellow title text is too faint on the yellow background for WCAG contrast.
      styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
    >
      This marketplace runs without Stripe keys, so this page stands in for Stripe’s onboarding in
      test mode. It asks what Stripe asks, but no real money moves and nothing you type here is
      stored: only whether the account ends up verified.
    </Alert>
  );
}

function OnboardingForm({ data }: { data: OfflineAccount }) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<OnboardingValues>({
    initialValues: {
      legalName: '',
      dateOfBirth: '',
      ssnLast4: '',
      routingNumber: TEST_BANK_ACCOUNT.routingNumber,
      accountNumber: TEST_BANK_ACCOUNT.accountNumber,
    },
    validate: zod4Resolver(offlineOnboardingSchema, { errorPriority: 'first' }),
  });
  const { account, business } = data;

  // Checked here and again by the server, with the same rules; refusals land beside their fields.
  const submit = async (values: OnboardingValues) => {
    setRefusal(null);
    setSubmitting(true);
    try {
      const response = await fetch(
        `/offline-payments/accounts/${encodeURIComponent(account.id)}/onboarding`,
        {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(values),
        },
      );
      const payload = (await response.json().catch(() => null)) as
        ({ returnUrl?: string } & Refusal) | null;
      if (response.ok) {
        await navigate(payload?.returnUrl ?? connectStatusPath(business.slug));
        return;
      }
      const fields = payload?.error?.fields ?? {};
      const known = Object.fromEntries(
        Object.entries(fields).filter(([field]) => field in form.getValues()),
      );
      if (Object.keys(known).length > 0) {
        form.setErrors(known);
        focusFirstError(form, known);
      } else {
        setRefusal(
          payload?.error?.message ??
            `We could not submit these details (status ${response.status}). Try again.`,
        );
      }
    } catch {
      setRefusal('We could not reach the server. Check your connection and try again.');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="details-heading">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="details-heading">
            Account holder and bank
          </Title>
          <Text fz="sm" c="dark.6" mt={4}>
            Business: <strong>{business.name}</strong> · Account <Code>{account.id}</Code>
          </Text>
          {account.details_submitted ? (
            <Text fz="sm" mt="xs">
              These details were submitted before; submitting again replaces them.
            </Text>
          ) : null}
        </div>
        <FormWithRefusal
          form={form}
          onSubmit={submit}
          refusalTitle="We could not submit these details"
          refusal={refusal}
        >
          <TextInput
            label="Legal name"
            description="The account holder’s full name, as on their government ID"
            autoComplete="name"
            required
            {...form.getInputProps('legalName')}
          />
          <TextInput
            label="Date of birth"
            description="The account holder must be at least 18."
            type="date"
            max={latestAdultBirthDate()}
            autoComplete="bday"
            required
            {...form.getInputProps('dateOfBirth')}
          />
          <TextInput
            label="Last 4 digits of Social Security number"
            description={
              <>
                Test values: <Code>{VERIFYING_SSN_LAST4}</Code> verifies the account;{' '}
                <Code>{PENDING_SSN_LAST4}</Code> leaves it pending verification (details submitted,
                charges not yet enabled).
              </>
            }
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            required
            {...form.getInputProps('ssnLast4')}
          />
          <Divider label="Bank account for payouts" labelPosition="left" />
          <TextInput
            label="Routing number"
            description={
              <>
                Stripe’s test routing number <Code>{TEST_BANK_ACCOUNT.routingNumber}</Code> is
                filled in.
              </>
            }
            inputMode="numeric"
            autoComplete="off"
            maxLength={9}
            required
            {...form.getInputProps('routingNumber')}
          />
          <TextInput
            label="Account number"
            description={
              <>
                Stripe’s test account number <Code>{TEST_BANK_ACCOUNT.accountNumber}</Code> is
                filled in.
              </>
            }
            inputMode="numeric"
            autoComplete="off"
            maxLength={17}
            required
            {...form.getInputProps('accountNumber')}
          />
          <Group justify="space-between" align="center" mt="xs" wrap="wrap">
            <Anchor component={Link} to={connectStatusPath(business.slug)} fz="sm">
              Leave without finishing
            </Anchor>
            <Button type="submit" loading={submitting}>
              Submit details
            </Button>
          </Group>
        </FormWithRefusal>
      </Stack>
    </Paper>
  );
}

/**
 * `/offline-payments/onboarding?account=…&slug=…`: the offline provider's stand-in for Stripe's
 * hosted onboarding. Submitting sets the account's state as Stripe's test mode would, then
 * returns to the business's payment status page.
 */
export function OfflineOnboardingPage() {
  const [searchParams] = useSearchParams();
  const accountParam = searchParams.get('account');
  const slug = searchParams.get('slug');
  const accountId = accountParam && OFFLINE_ACCOUNT_ID.test(accountParam) ? accountParam : null;
  const loaded = useOfflineAccount(accountId);

  if (loaded.state === 'loading') {
    return (
      <PageFrame>
        <PageLoading />
      </PageFrame>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <PageFrame>
        <Alert color="red" title="This onboarding link cannot be used">
          {loaded.message}{' '}
          {slug ? (
            <Anchor component={Link} to={connectStatusPath(slug)} fz="inherit">
              Back to the payment status
            </Anchor>
          ) : (
            <Anchor component={Link} to="/dashboard" fz="inherit">
              Back to your dashboard
            </Anchor>
          )}
        </Alert>
      </PageFrame>
    );
  }
  return (
    <PageFrame businessName={loaded.data.business.name}>
      <TestModeNotice />
      <OnboardingForm data={loaded.data} />
    </PageFrame>
  );
}
