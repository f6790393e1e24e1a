import type { FormErrors } from '@mantine/form';
import type { ReactNode } from 'react';
import type { ServerRefusal } from './server-error';

/** The parts of a Mantine form that focusing needs, whatever the form's values are. */
interface FocusableForm {
  getValues: () => object;
  getInputNode: (path: string) => HTMLElement | null;
}

/** The parts of a Mantine form that showing a server's refusal on a field needs. */
interface FieldErrorForm extends FocusableForm {
  setFieldError: (path: string, error: ReactNode) => void;
}

/** The parts of a Mantine form that showing a server's refusal of many fields needs. */
interface FieldErrorsForm extends FocusableForm {
  setErrors: (errors: FormErrors) => void;
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

/**
 * Splits a server's field messages into those the form can show beside a field (their path
 * starts with one of the form's fields) and the rest.
 */
export function splitFieldErrors(
  fields: Record<string, string>,
  values: object,
): { onFields: Record<string, string>; elsewhere: string[] } {
  const onFields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    if (pathExists(values, path)) onFields[path] = message;
    else elsewhere.push(message);
  }
  return { onFields, elsewhere };
}

/** Whether `path` ("retailTiers.1.price") names a value in the form, or a list of the form. */
function pathExists(values: object, path: string): boolean {
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(part in current)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Shows a server's refusal of a whole form: each field's message beside it, the keyboard on the
 * first (through `focus`, once the messages have rendered), and what belongs to no field through
 * `refuse`.
 */
export function showServerRefusal(
  form: FieldErrorsForm,
  refusal: ServerRefusal,
  refuse: (message: string) => void,
  focus: (errors: FormErrors) => void = (errors) => focusFirstError(form, errors),
): void {
  const fields = { ...refusal.fields };
  if (refusal.field && !fields[refusal.field]) fields[refusal.field] = refusal.message;
  const { onFields, elsewhere } = splitFieldErrors(fields, form.getValues());
  form.setErrors(onFields);
  if (Object.keys(onFields).length === 0) refuse(refusal.message);
  else if (elsewhere.length > 0) refuse(elsewhere.join(' '));
  setTimeout(() => focus(onFields), 0);
}
