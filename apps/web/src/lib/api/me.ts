import { graphql, type ResultOf } from '../graphql';
import { GET_ME_SOURCE } from './get-me';

/** GetMe as a typed document, for its types and the document tests (see get-me.ts). */
export const GET_ME = graphql(GET_ME_SOURCE);

/** The signed-in user, as GetMe returns it. */
export type Me = NonNullable<ResultOf<typeof GET_ME>['me']>;
