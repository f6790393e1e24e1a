import { BANNER_TYPES, type BannerType } from '@bevy/core';
import { bannerInputSchema, type BannerInput } from '@bevy/core/schemas';
import { Button, Group, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState } from 'react';
import { useMutation } from 'urql';
import { ErrorAlert } from './admin-ui';
import { errorField, errorMessage } from './admin-utils';
import { BannerPreview } from './banner-preview';
import type { AdminBanner } from './types';
import { CREATE_BANNER, UPDATE_BANNER } from './api/banners';

const TYPE_LABELS: Record<BannerType, string> = {
  info: 'Information (blue)',
  success: 'Success (green)',
  warning: 'Warning (yellow)',
  error: 'Error (red)',
};

const FORM_FIELDS = ['type', 'lines', 'link', 'link.url', 'link.title', 'dismissible', 'active'];

function toInput(banner: AdminBanner | null): BannerInput {
  if (!banner) return { type: 'info', lines: [], link: null, dismissible: true, active: true };
  const type = BANNER_TYPES.find((candidate) => candidate === banner.type) ?? 'info';
  return {
    type,
    lines: banner.lines,
    link: banner.link ? { url: banner.link.url, title: banner.link.title } : null,
    dismissible: banner.dismissible,
    active: banner.active,
  };
}

/** The first error about the lines, as "Line 2: A line cannot be empty." for a single line. */
function linesError(errors: FormErrors) {
  if (errors.lines) return errors.lines;
  const key = Object.keys(errors)
    .filter((candidate) => /^lines\.\d+$/.test(candidate))
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)))[0];
  return key ? `Line ${Number(key.slice(6)) + 1}: ${String(errors[key])}` : null;
}

/** Create or edit a banner; on refusal the input stays and the server's message is shown. */
export function BannerForm({
  banner,
  onSaved,
  onCancel,
}: {
  banner: AdminBanner | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const form = useForm<BannerInput>({
    mode: 'controlled',
    initialValues: toInput(banner),
    validate: zod4Resolver(bannerInputSchema),
  });
  const [creating, createBanner] = useMutation(CREATE_BANNER);
  const [updating, updateBanner] = useMutation(UPDATE_BANNER);
  const [serverError, setServerError] = useState<string | null>(null);
  const formElement = useRef<HTMLFormElement>(null);
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const clearErrors = (prefix: string) =>
    form.setErrors(
      Object.fromEntries(Object.entries(form.errors).filter(([key]) => !key.startsWith(prefix))),
    );

  const setLink = (part: 'url' | 'title', value: string) => {
    const next = { ...(form.values.link ?? { url: '', title: '' }), [part]: value };
    form.setFieldValue('link', next.url.trim() || next.title.trim() ? next : null);
    clearErrors('link');
  };

  const submit = form.onSubmit(async (values) => {
    const input = bannerInputSchema.parse(values);
    setServerError(null);
    const response = banner
      ? await updateBanner({ id: banner.id, input })
      : await createBanner({ input });
    if (response.error) {
      const message = errorMessage(response.error);
      setServerError(message);
      const field = errorField(response.error);
      if (field && FORM_FIELDS.includes(field)) {
        form.setFieldError(field, message);
        focusFirstError();
      }
      return;
    }
    onSaved();
  }, focusFirstError);

  const { values, errors } = form;
  return (
    <form ref={formElement} onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label="Type"
          data={BANNER_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
          allowDeselect={false}
          withAsterisk
          data-autofocus
          {...form.getInputProps('type')}
        />
        <Textarea
          label="Text"
          description="Each line of text is a line of the banner (at most five)."
          withAsterisk
          autosize
          minRows={2}
          maxRows={6}
          value={values.lines.join('\n')}
          error={linesError(errors)}
          onChange={(event) => {
            const text = event.currentTarget.value;
            form.setFieldValue('lines', text === '' ? [] : text.split('\n'));
            clearErrors('lines');
          }}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Link address (optional)"
            description="A path on this site, like /sell, or an https:// address"
            value={values.link?.url ?? ''}
            error={errors['link.url'] ?? errors.link}
            onChange={(event) => setLink('url', event.currentTarget.value)}
          />
          <TextInput
            label="Link title (optional)"
            description="The words that link, shown after the last line"
            value={values.link?.title ?? ''}
            error={errors['link.title']}
            onChange={(event) => setLink('title', event.currentTarget.value)}
          />
        </Group>
        <Switch
          label="Visitors can dismiss it"
          {...form.getInputProps('dismissible', { type: 'checkbox' })}
        />
        <Switch
          label="Active (shown on the site)"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Stack gap={4}>
          <Text fw={600} size="sm" aria-hidden>
            Preview
          </Text>
          <BannerPreview {...values} />
        </Stack>
        {serverError ? <ErrorAlert message={serverError} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={creating.fetching || updating.fetching}>
            {banner ? 'Save banner' : 'Create banner'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
