import { graphql } from '../../../lib/graphql';

export const ADMIN_USER_FIELDS = graphql(`
  fragment AdminUserFields on AdminUser {
    id
    name
    email
    is_admin
    disabled
    createdAt
    seesWholesalePricing
    wholesaleAccessExpiresOn
  }
`);

export const ADMIN_USERS = graphql(
  `
    query AdminUsers($search: String, $offset: Int, $limit: Int) {
      adminUsers(search: $search, offset: $offset, limit: $limit) {
        total
        users {
          ...AdminUserFields
        }
      }
    }
  `,
  [ADMIN_USER_FIELDS],
);

export const SET_USER_ADMIN = graphql(
  `
    mutation SetUserAdmin($userId: Int!, $isAdmin: Boolean!) {
      setUserAdmin(userId: $userId, isAdmin: $isAdmin) {
        ...AdminUserFields
      }
    }
  `,
  [ADMIN_USER_FIELDS],
);

export const SET_USER_DISABLED = graphql(
  `
    mutation SetUserDisabled($userId: Int!, $disabled: Boolean!) {
      setUserDisabled(userId: $userId, disabled: $disabled) {
        ...AdminUserFields
      }
    }
  `,
  [ADMIN_USER_FIELDS],
);
