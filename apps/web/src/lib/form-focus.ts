import type { FormErrors } from '@mantine/form';
import type { ReactNode } from 'react';

/** The parts of a Mantine form that focusing needs, whatever the form's values are. */
interface FocusableForm {
  getValues: () => object;
  getInputNode: (path: string) => HTMLElement | null;
}

/** The parts of a Mantine form that showing a server's refusal on a field needs. */
interface FieldErrorForm extends FocusableForm {
  setFieldError: (path: string, error: ReactNode) => void;
}

/** After a refused submit, put the keyboard on the first field (in form order) with an error. */
export function focusFirstError(form: FocusableForm, errors: FormErrors): void {
  const firstField = Object.keys(form.getValues()).find((field) => errors[field]);
  if (firstField) form.getInputNode(firstField)?.focus();
}

/**
 * Shows a server's refusal where it belongs: on the form field it names, with the keyboard put
 * there, or else through `refuse`, as a message for the whole form. `fields` limits which fields
 * may take a message; by default any field of the form can.
 */
export function showServerError(
  form: FieldErrorForm,
  { message, field }: { message: string; field: string | null },
  refuse: (message: string) => void,
  fields?: readonly string[],
): void {
  if (field && (fields ? fields.includes(field) : field in form.getValues())) {
    form.setFieldError(field, message);
    form.getInputNode(field)?.focus();
  } else {
    refuse(message);
  }
}
