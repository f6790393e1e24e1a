import {
  PRIVACY_DETAILS_MAX,
  privacyRequestSchema,
  type PrivacyRegion,
  type PrivacyRequestInput,
} from '@bevy/core/schemas';
import type { PrivacyRequestKind } from '@bevy/core';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { FormWithRefusal } from '../../components/form-with-refusal';
import { showServerRefusal } from '../../lib/form-focus';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { useMe } from '../../lib/use-me';
import { SUBMIT_PRIVACY_REQUEST } from './api/requests';

type Values = Required<PrivacyRequestInput>;

const KINDS: { value: PrivacyRequestKind; label: string }[] = [
  { value: 'access', label: 'A copy of my personal data (access)' },
  { value: 'deletion', label: 'Delete my personal data (deletion)' },
  { value: 'correction', label: 'Correct my personal data (correction)' },
  { value: 'opt_out', label: 'Stop selling or sharing my personal data (opt-out)' },
  { value: 'other', label: 'Something else' },
];

const REGIONS: { value: PrivacyRegion; label: string; law: string }[] = [
  {
    value: 'eu_uk',
    label: 'European Union or United Kingdom',
    law: 'GDPR: answered within one month',
  },
  { value: 'california', label: 'California', law: 'CCPA: answered within 45 days' },
  { value: 'elsewhere', label: 'Somewhere else', law: 'answered within one month' },
];

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Kinds a signed-in person can have at once on /account/privacy, without waiting for us. */
const SELF_SERVICE: readonly string[] = ['access', 'deletion'];

function Receipt({ email, dueAt }: { email: string; dueAt: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <Title order={2} ref={heading} tabIndex={-1}>
        We received your request
      </Title>
      <Alert color="green" title="Request sent">
        We will answer by <strong>{longDate.format(new Date(dueAt))}</strong> at the latest. An
        acknowledgement is on its way to {email}; we may write to ask you to confirm who you are.
      </Alert>
      <Text>
        <Anchor component={Link} to="/privacy" underline="always">
          Back to the privacy policy
        </Anchor>
      </Text>
    </Stack>
  );
}

/** The public form for privacy requests under GDPR and CCPA (`/privacy/request`). */
export function PrivacyRequestPage() {
  useDocumentTitle(`Privacy request · ${siteConfig.siteName}`);
  const { me } = useMe();
  const [, submitRequest] = useMutation(SUBMIT_PRIVACY_REQUEST);
  const [refusal, setRefusal] = useState('');
  const [receipt, setReceipt] = useState<{ email: string; dueAt: string } | null>(null);
  const form = useForm<Values>({
    initialValues: { name: '', email: '', kind: '' as never, region: '' as never, details: '' },
    validate: zod4Resolver(privacyRequestSchema),
  });

  // Prefilled once the signed-in person is known, unless they already typed something.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!me || prefilled.current) return;
    prefilled.current = true;
    const { name, email } = form.getValues();
    form.setValues({ name: name || me.name, email: email || me.email });
  }, [me, form]);

  const submit = async (values: Values) => {
    setRefusal('');
    const result = await submitRequest(privacyRequestSchema.parse(values));
    if (result.error) {
      showServerRefusal(form, describeError(result.error), setRefusal);
      return;
    }
    setReceipt({ email: values.email.trim(), dueAt: result.data!.submitPrivacyRequest.dueAt });
  };

  const kind = form.getValues().kind;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>Privacy request</Title>
        {receipt ? (
          <Receipt {...receipt} />
        ) : (
          <>
            <Text>
              Ask us for your personal data, to correct or delete it, or to stop selling or sharing
              it. We acknowledge every request by email at once and answer within the time your law
              allows.
            </Text>
            <FormWithRefusal
              form={form}
              onSubmit={submit}
              refusalTitle="We could not send your request"
              refusal={refusal}
            >
              <TextInput
                label="Your name"
                autoComplete="name"
                required
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Your email"
                type="email"
                autoComplete="email"
                required
                description="We answer here. It should be the email of your account, if you have one."
                {...form.getInputProps('email')}
              />
              <Radio.Group
                label="What are you asking for?"
                required
                {...form.getInputProps('kind')}
              >
                <Stack gap="xs" mt="xs">
                  {KINDS.map((option) => (
                    <Radio key={option.value} value={option.value} label={option.label} />
                  ))}
                </Stack>
              </Radio.Group>
              {me && SELF_SERVICE.includes(kind) ? (
                <Alert color="blue" title="You can do this yourself right now">
                  Signed in, you can download your data or delete your account at once on{' '}
                  <Anchor component={Link} to="/account/privacy" underline="always">
                    your privacy settings
                  </Anchor>
                  . You may still send this request if you prefer.
                </Alert>
              ) : null}
              <Radio.Group label="Where do you live?" required {...form.getInputProps('region')}>
                <Stack gap="xs" mt="xs">
                  {REGIONS.map((option) => (
                    <Radio
                      key={option.value}
                      value={option.value}
                      label={option.label}
                      description={option.law}
                    />
                  ))}
                </Stack>
              </Radio.Group>
              <Textarea
                label="Details"
                description="What to correct, or anything that helps us find your data. Required for corrections and other requests."
                autosize
                minRows={3}
                maxLength={PRIVACY_DETAILS_MAX}
                {...form.getInputProps('details')}
              />
              <Button type="submit" loading={form.submitting} style={{ alignSelf: 'flex-start' }}>
                Send request
              </Button>
            </FormWithRefusal>
          </>
        )}
      </Stack>
    </Container>
  );
}
