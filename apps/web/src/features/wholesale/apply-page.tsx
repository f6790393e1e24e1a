import '@mantine/dropzone/styles.css';
import { LICENSE_DOCUMENT_MAX_BYTES, LICENSE_DOCUMENT_TYPES, LICENSE_TYPES } from '@bevy/core';
import { wholesaleApplicationSchema } from '@bevy/core/schemas';
import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Input,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useForm, type FormErrors } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconFileText,
  IconPaperclip,
  IconShoppingBag,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { TRADE_VOUCHER } from './api/voucher';
import { FormWithRefusal } from '../../components/form-with-refusal';
import { PageLoading } from '../../components/page-loading';
import { formatCalendarDate, tomorrowIsoDate } from '../../lib/dates';
import { showServerError } from '../../lib/form-focus';
import { siteConfig } from '../../lib/site-config';
import { describeRejectedFile, mebibytes } from '../../lib/upload';
import { US_STATE_OPTIONS } from '../../lib/us-state-options';
import { useMe, useRefreshMe } from '../../lib/use-me';
import {
  useMyWholesaleApplication,
  type MyWholesaleApplication,
} from '../../lib/use-wholesale-application';
import { ApplicationSummary } from './application-summary';

type ApplicationValues = {
  businessName: string;
  licenseType: string | null;
  licenseNumber: string;
  issuingState: string | null;
  licenseExpiresOn: string;
  document: File | null;
};

/** The error body of POST /wholesale-applications. */
interface ApplicationRefusal {
  error?: { code?: string; message?: string; field?: string };
}

const ACCEPTED_DOCUMENT_TYPES = Object.keys(LICENSE_DOCUMENT_TYPES);
const ACCEPTED_DOCUMENT_NAMES = Object.values(LICENSE_DOCUMENT_TYPES).join(', ');
// Refusals about the file itself belong next to the file, even when the server names no field.
const DOCUMENT_ERROR_CODES = ['FILE_TOO_LARGE', 'UNSUPPORTED_FILE_TYPE'];

const LICENSE_TYPE_OPTIONS = [...LICENSE_TYPES];

const validateFields = zod4Resolver(wholesaleApplicationSchema, { errorPriority: 'first' });

function validateApplication(values: ApplicationValues): FormErrors {
  const errors = validateFields(values);
  // The server refuses a license that has already expired; say so before the upload.
  if (!errors.licenseExpiresOn && values.licenseExpiresOn < tomorrowIsoDate()) {
    errors.licenseExpiresOn = 'This license has expired. Enter the expiry date of a current one.';
  }
  if (!values.document) errors.document = 'Attach a copy of your license.';
  return errors;
}

function PageFrame({ children }: { children: ReactNode }) {
  useDocumentTitle(`Apply for wholesale · ${siteConfig.siteName}`);
  return (
    <Container size="sm" py="lg">
      <Title order={1}>Apply for wholesale</Title>
      <Text mt={4} c="dark.6">
        Licensed retailers, bars, restaurants and distributors buy at wholesale prices once we have
        checked their alcohol license.
      </Text>
      <Stack gap="lg" mt="lg">
        {children}
      </Stack>
    </Container>
  );
}

function PendingApplication({ application }: { application: MyWholesaleApplication }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="pending-heading">
      <Title order={2} fz="lg" id="pending-heading" mb="xs">
        Your application is waiting for review
      </Title>
      <Text mb="md">
        We review applications within a few working days and email you the result.
      </Text>
      <ApplicationSummary application={application} />
    </Paper>
  );
}

function ApplicationForm({ onSubmitted }: { onSubmitted: (app: MyWholesaleApplication) => void }) {
  const refreshMe = useRefreshMe();
  const openFileDialog = useRef<() => void>(null);
  const chooseFileButton = useRef<HTMLButtonElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ApplicationValues>({
    initialValues: {
      businessName: '',
      licenseType: null,
      licenseNumber: '',
      issuingState: null,
      licenseExpiresOn: '',
      document: null,
    },
    validate: validateApplication,
  });
  const chosenFile = form.getValues().document;

  const submit = async (values: ApplicationValues) => {
    if (!values.document) return;
    setRefusal(null);
    setSubmitting(true);
    const fields = wholesaleApplicationSchema.parse(values);
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('document', values.document, values.document.name);
    try {
      const response = await fetch('/wholesale-applications', {
        method: 'POST',
        credentials: 'include',
        body,
      });
      const payload = (await response.json().catch(() => null)) as
        ({ application?: MyWholesaleApplication } & ApplicationRefusal) | null;
      if (response.status === 201 && payload?.application) {
        onSubmitted(payload.application);
        await refreshMe();
        return;
      }
      const error = payload?.error;
      const field =
        error?.field ??
        (error?.code && DOCUMENT_ERROR_CODES.includes(error.code) ? 'document' : null);
      const message =
        error?.message ??
        `We could not send your application (status ${response.status}). Try again.`;
      showServerError(form, { message, field }, setRefusal);
      // Another application already waits (409): show it instead of the form.
      if (response.status === 409) await refreshMe();
    } catch {
      setRefusal('We could not reach the server. Check your connection and try again.');
    } finally {
      setSubmitting(false);
    }
  };

  const chooseFile = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    form.setFieldValue('document', file);
    form.clearFieldError('document');
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <FormWithRefusal
        form={form}
        onSubmit={submit}
        refusalTitle="We could not send your application"
        refusal={refusal}
      >
        <TextInput
          label="Business name"
          description="As it appears on the license"
          autoComplete="organization"
          required
          {...form.getInputProps('businessName')}
        />
        <Select
          label="License type"
          placeholder="Choose one"
          data={LICENSE_TYPE_OPTIONS}
          allowDeselect={false}
          required
          {...form.getInputProps('licenseType')}
        />
        <TextInput label="License number" required {...form.getInputProps('licenseNumber')} />
        <Select
          label="Issuing state"
          placeholder="Type to search"
          data={US_STATE_OPTIONS}
          searchable
          nothingFoundMessage="No state matches"
          allowDeselect={false}
          required
          {...form.getInputProps('issuingState')}
        />
        <TextInput
          label="License expiry date"
          type="date"
          min={tomorrowIsoDate()}
          required
          {...form.getInputProps('licenseExpiresOn')}
        />
        <Input.Wrapper
          label="License document"
          labelElement="div"
          labelProps={{ id: 'license-document-label' }}
          description={`A scan or photo of the license: ${ACCEPTED_DOCUMENT_NAMES}, up to ${mebibytes(LICENSE_DOCUMENT_MAX_BYTES)} MiB.`}
          descriptionProps={{ id: 'license-document-description' }}
          error={form.errors.document}
          errorProps={{ id: 'license-document-error' }}
          required
        >
          <Box role="group" aria-labelledby="license-document-label" mt={6}>
            <Dropzone
              openRef={openFileDialog}
              onDrop={chooseFile}
              onReject={(rejections) => {
                const [rejection] = rejections;
                if (rejection)
                  form.setFieldError(
                    'document',
                    describeRejectedFile(rejection, LICENSE_DOCUMENT_MAX_BYTES),
                  );
              }}
              accept={ACCEPTED_DOCUMENT_TYPES}
              maxSize={LICENSE_DOCUMENT_MAX_BYTES}
              maxFiles={1}
              multiple={false}
              // The "Choose file" button below is the keyboard's way in; the drop area is for
              // the mouse, so it stays out of the tab order instead of being a nameless stop.
              activateOnKeyboard={false}
              tabIndex={-1}
              // Its hidden file input would be a second, unlabeled "Choose file" for screen
              // readers; the visible button is the one to use.
              inputProps={{ 'aria-hidden': true }}
              loading={submitting}
            >
              <Group justify="center" gap="md" mih={100} style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconUpload size={40} aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Reject>
                  <IconX size={40} aria-hidden />
                </Dropzone.Reject>
                <Dropzone.Idle>
                  <IconFileText size={40} aria-hidden />
                </Dropzone.Idle>
                <Text ta="center">Drag the license here, or click to choose a file</Text>
              </Group>
            </Dropzone>
            <Group mt="sm" gap="sm">
              <Button
                ref={chooseFileButton}
                variant="default"
                leftSection={<IconPaperclip size={18} aria-hidden />}
                onClick={() => openFileDialog.current?.()}
                data-path="document"
                aria-describedby={
                  form.errors.document
                    ? 'license-document-description license-document-error'
                    : 'license-document-description'
                }
              >
                Choose file
              </Button>
              {chosenFile ? (
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text fw={600} truncate="end" title={chosenFile.name}>
                    {chosenFile.name}
                  </Text>
                  <Text c="dark.6" fz="sm" style={{ whiteSpace: 'nowrap' }}>
                    {mebibytes(chosenFile.size)} MiB
                  </Text>
                  <Button
                    variant="subtle"
                    color="red.9"
                    size="compact-sm"
                    onClick={() => {
                      form.setFieldValue('document', null);
                      // The Remove button disappears with the file; keep the keyboard nearby.
                      chooseFileButton.current?.focus();
                    }}
                    aria-label={`Remove ${chosenFile.name}`}
                  >
                    Remove
                  </Button>
                </Group>
              ) : (
                <Text c="dark.6" fz="sm">
                  No file chosen
                </Text>
              )}
            </Group>
          </Box>
        </Input.Wrapper>
        <Group>
          <Button type="submit" loading={submitting}>
            Send application
          </Button>
        </Group>
      </FormWithRefusal>
    </Paper>
  );
}

/** Says which producer invited the applicant: their application carries the vouch. */
function VoucherNotice() {
  const [{ data }] = useQuery({ query: TRADE_VOUCHER });
  const voucher = data?.tradeVoucher;
  if (!voucher) return null;
  return (
    <Alert color="blue" title={`Invited by ${voucher.name}`}>
      Your application will say that {voucher.name} vouches for your business. We still check your
      license before wholesale prices apply.
    </Alert>
  );
}

/** /wholesale/apply: send a license for review, or see where an application stands. */
export function WholesaleApplyPage() {
  const { me } = useMe();
  const { application, fetching, error } = useMyWholesaleApplication();
  const [submitted, setSubmitted] = useState<MyWholesaleApplication | null>(null);

  if (!me) {
    return (
      <PageFrame>
        <PageLoading />
      </PageFrame>
    );
  }

  if (submitted) {
    return (
      <PageFrame>
        <Alert color="green" title="Thank you">
          Application received. We will email you when it has been reviewed.
        </Alert>
        <PendingApplication application={submitted} />
      </PageFrame>
    );
  }

  if (me.seesWholesalePricing) {
    return (
      <PageFrame>
        <Alert color="green" title="You are approved">
          You already buy at wholesale prices
          {me.wholesaleAccessExpiresOn
            ? `, until ${formatCalendarDate(me.wholesaleAccessExpiresOn)}`
            : ''}
          .
        </Alert>
        <Group>
          <Button
            component={Link}
            to="/business/research-and-shop"
            leftSection={<IconShoppingBag size={18} aria-hidden />}
          >
            Shop wholesale
          </Button>
          <Button component={Link} to="/dashboard" variant="default">
            Go to your dashboard
          </Button>
        </Group>
      </PageFrame>
    );
  }

  if (fetching && !application && !error) {
    return (
      <PageFrame>
        <PageLoading />
      </PageFrame>
    );
  }

  if (application?.status === 'pending') {
    return (
      <PageFrame>
        <PendingApplication application={application} />
      </PageFrame>
    );
  }

  return (
    <PageFrame>
      <VoucherNotice />
      {application?.status === 'rejected' ? (
        <Alert color="yellow" title="Your last application was not approved">
          {application.rejectionReason
            ? `Reason: ${application.rejectionReason} `
            : 'We could not approve it. '}
          You can apply again below.
        </Alert>
      ) : null}
      <ApplicationForm onSubmitted={setSubmitted} />
    </PageFrame>
  );
}
