import { GraphQLError } from 'graphql';

/** Refuses a caller who is not signed in, with the code clients test for. */
export function unauthenticated(message = 'You must be logged in to do that.'): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED' } });
}

/** Refuses a signed-in caller who may not do this; nothing was changed. */
export function forbidden(message = 'You are not allowed to do that.'): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'FORBIDDEN' } });
}

/** Input the user can correct; `field` names the form field the message belongs to. */
export function badInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) },
  });
}

/** Something the user asked for does not exist (or is not theirs to see). */
export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

/** Too many attempts; the HTTP response becomes a 429. */
export function tooManyRequests(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'TOO_MANY_REQUESTS' } });
}

/**
 * Turns a zod failure into a BAD_USER_INPUT error: the message and `field` of the first problem,
 * and `fields`, every bad field's first message by path ("retailTiers.0.price"), so a form can
 * show each beside its field.
 */
export function fromZodError(error: {
  issues: { path: PropertyKey[]; message: string }[];
}): GraphQLError {
  const issue = error.issues[0];
  const fields: Record<string, string> = {};
  for (const { path, message } of error.issues) {
    const key = path.map(String).join('.');
    if (key && !(key in fields)) fields[key] = message;
  }
  const field = issue?.path.map(String).join('.');
  return new GraphQLError(issue?.message ?? 'Check the form and try again.', {
    extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}), fields },
  });
}
