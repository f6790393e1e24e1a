import { graphql, type ResultOf } from '../../../lib/graphql';

export const ACCOUNT_DELETION_PREVIEW = graphql(`
  query AccountDeletionPreview {
    me {
      id
      email
    }
    accountDeletionPreview {
      group
      what
      outcome
    }
  }
`);

export const DELETE_MY_ACCOUNT = graphql(`
  mutation DeleteMyAccount($password: String!, $email: String!) {
    deleteMyAccount(password: $password, email: $email) {
      cancelledOrders
      keptOrders
      refundedTickets
      endedMemberships
    }
  }
`);

export type DeletionPreviewItem = ResultOf<
  typeof ACCOUNT_DELETION_PREVIEW
>['accountDeletionPreview'][number];
export type AccountDeletion = ResultOf<typeof DELETE_MY_ACCOUNT>['deleteMyAccount'];
