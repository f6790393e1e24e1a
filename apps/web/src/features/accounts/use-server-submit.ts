import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { CombinedError } from 'urql';
import { showServerError } from '../../lib/form-focus';
import { describeError } from '../../lib/server-error';

interface ServerSubmitOptions<Values> {
  /** Sends the checked values, usually with a GraphQL mutation. */
  send: (values: Values) => Promise<{ error?: CombinedError }>;
  /** What happens once the server has said yes; the form stays submitting until it is done. */
  onDone: () => unknown;
  /** The fields a server's message may be shown on; by default any field of the form. */
  fields?: readonly string[];
}

/** A form with its submit, whether that is under way, and the server's refusal of the last one. */
export interface ServerSubmission<Values> {
  form: UseFormReturnType<Values>;
  submit: (values: Values) => Promise<void>;
  submitting: boolean;
  refusal: string | null;
}

/**
 * The submit of an account form: sends the values, then puts a refusal on the field the server
 * names (focusing it) or in `refusal`, for an alert above the form.
 */
export function useServerSubmit<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  { send, onDone, fields }: ServerSubmitOptions<Values>,
): ServerSubmission<Values> {
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (values: Values) => {
    setRefusal(null);
    setSubmitting(true);
    try {
      const result = await send(values);
      if (result.error) {
        showServerError(form, describeError(result.error), setRefusal, fields);
        return;
      }
      await onDone();
    } finally {
      setSubmitting(false);
    }
  };

  return { form, submit, submitting, refusal };
}
