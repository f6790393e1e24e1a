import type { CombinedError } from 'urql';

export interface ServerRefusal {
  message: string;
  /** The form field the message belongs to, when the server names one. */
  field: string | null;
  /** Every bad field's message by path ("retailTiers.0.price"), when the server lists them. */
  fields: Record<string, string>;
}

/** What to tell the user about a failed call; the server writes its messages for end users. */
export function describeError(error: CombinedError): ServerRefusal {
  const graphqlError = error.graphQLErrors[0];
  if (graphqlError) {
    const code = graphqlError.extensions.code;
    const field = graphqlError.extensions.field;
    const fields = graphqlError.extensions.fields;
    return {
      message:
        code === 'INTERNAL'
          ? 'Something went wrong on our side. Please try again in a moment.'
          : graphqlError.message,
      field: typeof field === 'string' ? field : null,
      fields:
        typeof fields === 'object' && fields !== null ? (fields as Record<string, string>) : {},
    };
  }
  if (error.response instanceof Response && error.response.status === 429) {
    return {
      message: 'Too many attempts. Please wait a few minutes and try again.',
      field: null,
      fields: {},
    };
  }
  return {
    message: 'We could not reach the server. Check your connection and try again.',
    field: null,
    fields: {},
  };
}
