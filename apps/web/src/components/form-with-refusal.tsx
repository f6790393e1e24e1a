import { Alert, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { focusFirstError } from '../lib/form-focus';

/**
 * A form checked in the browser before it is sent (the keyboard goes to the first field in error),
 * with the server's refusal, when there is one, in a red alert above the fields.
 */
export function FormWithRefusal<Values extends Record<string, unknown>>({
  form,
  onSubmit,
  refusalTitle,
  refusal,
  children,
}: {
  form: UseFormReturnType<Values>;
  onSubmit: (values: Values) => void | Promise<void>;
  refusalTitle: string;
  /** What the alert says; nothing shows while it is empty. */
  refusal: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit, (errors) => focusFirstError(form, errors))}>
      <Stack gap="md">
        {refusal ? (
          <Alert color="red" title={refusalTitle}>
            {refusal}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </form>
  );
}
