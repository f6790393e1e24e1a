import { GraphQLError } from 'graphql';

/** Refuses a caller who is not signed in, with the code clients test for. */
export function unauthenticated(): GraphQLError {
  return new GraphQLError('You must be logged in to do that.', {
    extensions: { code: 'UNAUTHENTICATED' },
  });
}
