import { expect } from 'vitest';
import { DomainError } from '../platform/domain-error';

/** The DomainError a service refused with; fails the test if it did not refuse. */
export async function refusalOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}
