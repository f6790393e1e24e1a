import { GraphQLError } from 'graphql';
import { DomainError } from '../platform/domain-error';

/**
 * The one mapping of a service's refusal to GraphQL: the message as is, the code (and the form
 * field, and every bad field) in `extensions`, where clients look for them.
 */
export function graphqlErrorOf(domain: DomainError, at: GraphQLError): GraphQLError {
  return new GraphQLError(domain.message, {
    nodes: at.nodes,
    path: at.path,
    originalError: domain,
    extensions: {
      code: domain.code,
      ...(domain.field ? { field: domain.field } : {}),
      ...domain.extra,
    },
  });
}

/** The refusal a resolver threw, if it was one. */
export function domainErrorIn(error: GraphQLError): DomainError | undefined {
  return error.originalError instanceof DomainError ? error.originalError : undefined;
}
