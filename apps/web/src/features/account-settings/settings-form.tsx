import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormWithRefusal } from '../../components/form-with-refusal';
import { SuccessNotice } from '../../components/success-notice';
import type { SettingsForm as Submission } from './use-settings-form';

/** A settings form's frame: the success notice, the server's refusal, the fields, the button. */
export function SettingsForm<Values extends Record<string, unknown>>({
  submission,
  refusalTitle,
  submitLabel,
  children,
}: {
  submission: Submission<Values>;
  refusalTitle: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <FormWithRefusal
      form={submission.form}
      onSubmit={submission.submit}
      refusalTitle={refusalTitle}
      refusal={submission.refusal}
    >
      {submission.notice ? (
        <SuccessNotice onClose={submission.clearNotice}>{submission.notice}</SuccessNotice>
      ) : null}
      {children}
      <Group>
        <Button type="submit" loading={submission.submitting}>
          {submitLabel}
        </Button>
      </Group>
    </FormWithRefusal>
  );
}
