import { newBusinessSchema } from '@bevy/core/business-schemas';
import { Button, Container, Fieldset, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { FormWithRefusal } from '../../components/form-with-refusal';
import { describeError } from '../../lib/server-error';
import { siteConfig } from '../../lib/site-config';
import { useRefreshMe } from '../../lib/use-me';
import { ADDRESS_FIELDS, BusinessAddressFields, type AddressField } from './address-fields';
import { BusinessTypeChoices } from './business-type-choices';
import { TAG_BUSINESS_WITH_TAGS, UPSERT_WORKPLACE } from './api/profile';

/** What the Edit Public Profile page is told when the business was made but not tagged. */
export interface NewBusinessNotice {
  notice: string;
}

/** The form's values, flat so that a message for 'address.postal_code' lands on 'postal_code'. */
type NewBusinessValues = { name: string; businessTypeIds: string[] } & Record<
  AddressField,
  string | null
>;

/** The values as CreateBusinessInput has them: the address nested, empty fields left out. */
function toCreateInput(values: NewBusinessValues) {
  return {
    name: values.name,
    address: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, values[field] ?? ''])),
  };
}

/** A form path for a path of CreateBusinessInput ("address.postal_code" -> "postal_code"). */
const formPath = (path: string) => path.replace(/^address\./, '');

/** The shared rules (newBusinessSchema), with their messages on the form's flat fields. */
function validateNewBusiness(values: NewBusinessValues): FormErrors {
  const result = newBusinessSchema.safeParse(toCreateInput(values));
  const errors: FormErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = formPath(issue.path.map(String).join('.'));
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Route /business/new: a seller adds a business they work at, then edits its profile. */
export function NewBusinessPage() {
  useDocumentTitle(`Add a new business · ${siteConfig.siteName}`);
  const navigate = useNavigate();
  const refreshMe = useRefreshMe();
  const [, upsertWorkplace] = useMutation(UPSERT_WORKPLACE);
  const [, tagBusiness] = useMutation(TAG_BUSINESS_WITH_TAGS);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<NewBusinessValues>({
    initialValues: {
      name: '',
      street_number: '',
      route: '',
      locality: '',
      administrative_area_level_1: null,
      postal_code: '',
      businessTypeIds: [],
    },
    validate: validateNewBusiness,
  });

  const submit = async (values: NewBusinessValues) => {
    setRefusal(null);
    setSubmitting(true);
    try {
      const created = await upsertWorkplace({
        works_at: newBusinessSchema.parse(toCreateInput(values)),
      });
      const business = created.data?.upsertWorkplace;
      if (created.error || !business) {
        const refused = created.error
          ? describeError(created.error)
          : { message: 'We could not add the business. Try again.', field: null, fields: {} };
        const fieldErrors = Object.entries({
          ...refused.fields,
          ...(refused.field ? { [refused.field]: refused.message } : {}),
        })
          .map(([path, message]) => [formPath(path), message] as const)
          .filter(([path]) => path in values);
        if (fieldErrors.length === 0) {
          setRefusal(refused.message);
          return;
        }
        form.setErrors(Object.fromEntries(fieldErrors));
        form.getInputNode(fieldErrors[0]![0])?.focus();
        return;
      }
      // The business exists from here on: whatever happens next, its profile page is the way on.
      let notice: NewBusinessNotice | null = null;
      if (values.businessTypeIds.length > 0) {
        const tagged = await tagBusiness({
          businessId: business.id,
          tags: values.businessTypeIds.map((id) => ({ id: Number(id) })),
        });
        if (tagged.error) {
          notice = {
            notice: `Your business was added, but its business types were not saved: ${describeError(tagged.error).message}`,
          };
        }
      }
      await refreshMe();
      navigate(`/business/${encodeURIComponent(business.slug)}/edit`, { state: notice });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Container size="sm" py="lg">
      <Title order={1}>Add a new business</Title>
      <Text mt={4} c="dark.6">
        Start with its name and where it is. You can add a banner, contact details, fulfillment
        options and payments on the next page.
      </Text>
      <Paper withBorder p="lg" radius="md" mt="lg">
        <FormWithRefusal
          form={form}
          onSubmit={submit}
          refusalTitle="We could not add the business"
          refusal={refusal}
        >
          <TextInput
            label="Business name"
            autoComplete="organization"
            maxLength={120}
            required
            {...form.getInputProps('name')}
          />
          <Fieldset legend="Address" variant="unstyled">
            <Text fz="sm" c="dimmed" mb="xs">
              Buyers find pickup and delivery near them from your ZIP code.
            </Text>
            <BusinessAddressFields inputProps={(field) => form.getInputProps(field)} />
          </Fieldset>
          <BusinessTypeChoices
            value={form.getValues().businessTypeIds}
            onChange={(ids) => form.setFieldValue('businessTypeIds', ids)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              Add business
            </Button>
          </Group>
        </FormWithRefusal>
      </Paper>
    </Container>
  );
}
