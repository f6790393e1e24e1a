import { useForm, type FormErrors, type UseFormInput } from '@mantine/form';
import { useState } from 'react';
import type { CombinedError } from 'urql';
import { showServerRefusal } from '../../lib/form-focus';
import { describeError } from '../../lib/server-error';

/**
 * A settings form: checked in the browser, sent, and on a refusal each of the server's messages
 * beside its field (or in `refusal` for the whole form); on success `done` says what changed.
 */
export function useSettingsForm<Values extends Record<string, unknown>>(
  input: UseFormInput<Values>,
  options: {
    send: (values: Values) => Promise<{ error?: CombinedError }>;
    /** What to tell the person once the server has said yes. */
    success: (values: Values) => string;
    onDone?: (values: Values) => unknown;
    /** Empty the form once saved (passwords should not linger). */
    resetOnDone?: boolean;
  },
) {
  const form = useForm<Values>(input);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setRefusal(null);
    setNotice(null);
    setSubmitting(true);
    try {
      const result = await options.send(values);
      if (result.error) {
        showServerRefusal(form, describeError(result.error), setRefusal);
        return;
      }
      setNotice(options.success(values));
      if (options.resetOnDone) form.reset();
      await options.onDone?.(values);
    } finally {
      setSubmitting(false);
    }
  };
  return {
    form,
    submit,
    submitting,
    refusal,
    notice,
    clearNotice: () => setNotice(null),
  };
}

export type SettingsForm<Values extends Record<string, unknown>> = ReturnType<
  typeof useSettingsForm<Values>
>;

/** Zod-free checks of a repeated password field. */
export function samePassword(
  values: { newPassword: string; newPasswordAgain: string },
  errors: FormErrors,
): FormErrors {
  if (!values.newPasswordAgain) errors.newPasswordAgain = 'Enter the new password again.';
  else if (values.newPasswordAgain !== values.newPassword) {
    errors.newPasswordAgain = 'The two passwords are not the same.';
  }
  return errors;
}
