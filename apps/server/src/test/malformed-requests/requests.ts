/** The shape of a fuzz request and the context (real ids and names) it is generated from. */

export type Who = 'anonymous' | 'buyer' | 'seller';

export interface FuzzRequest {
  /** What kind of malformation this is, e.g. "graphql field Mutation.signUp" or "rest multipart". */
  family: string;
  /** The endpoint (and for GraphQL the root fields) it targets, for grouping failures. */
  target: string;
  who: Who;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Real ids and names from the test database, so that many requests get past "not found". */
export interface FuzzContext {
  ownSlug: string;
  otherSlug: string;
  ownBusinessId: number;
  otherBusinessId: number;
  productIds: number[];
  addressIds: string[];
  tagIds: number[];
  userIds: number[];
  offlineAccountId: string | undefined;
  webhookSecret: string;
  png: Buffer;
  jpeg: Buffer;
}

export const JSON_TYPE = 'application/json';

export const jsonRequest = (
  family: string,
  target: string,
  who: Who,
  url: string,
  payload: string | Buffer,
  contentType = JSON_TYPE,
): FuzzRequest => ({
  family,
  target,
  who,
  method: 'POST',
  url,
  headers: contentType === '' ? {} : { 'content-type': contentType },
  payload,
});
