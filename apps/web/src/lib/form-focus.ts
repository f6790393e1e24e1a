import type { FormErrors } from '@mantine/form';

/** The parts of a Mantine form that focusing needs, whatever the form's values are. */
interface FocusableForm {
  getValues: () => object;
  getInputNode: (path: string) => HTMLElement | null;
}

/** After a refused submit, put the keyboard on the first field (in form order) with an error. */
export function focusFirstError(form: FocusableForm, errors: FormErrors): void {
  const firstField = Object.keys(form.getValues()).find((field) => errors[field]);
  if (firstField) form.getInputNode(firstField)?.focus();
}
