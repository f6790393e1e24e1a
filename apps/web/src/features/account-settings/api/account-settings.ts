import { SAVED_ADDRESS_FIELDS } from '../../../lib/api/saved-addresses';
import { graphql, type ResultOf } from '../../../lib/graphql';

export const ACCOUNT_SETTINGS = graphql(
  `
    query AccountSettings {
      me {
        id
        name
        email
      }
      pendingEmailChange {
        newEmail
        expiresAt
      }
      savedAddresses {
        ...SavedAddressFields
      }
      mySessions {
        id
        createdAt
        lastSeenAt
        device
        address
        current
      }
    }
  `,
  [SAVED_ADDRESS_FIELDS],
);

export type AccountSettingsData = ResultOf<typeof ACCOUNT_SETTINGS>;
export type SavedAddress = AccountSettingsData['savedAddresses'][number];
export type AccountSession = AccountSettingsData['mySessions'][number];

export const CHANGE_NAME = graphql(`
  mutation ChangeName($name: String!) {
    changeName(name: $name) {
      id
      name
    }
  }
`);

export const CHANGE_PASSWORD = graphql(`
  mutation ChangePassword($currentPassword: String!, $newPassword: String!) {
    changePassword(currentPassword: $currentPassword, newPassword: $newPassword)
  }
`);

export const REQUEST_EMAIL_CHANGE = graphql(`
  mutation RequestEmailChange($newEmail: String!, $password: String!) {
    requestEmailChange(newEmail: $newEmail, password: $password)
  }
`);

export const CONFIRM_EMAIL_CHANGE = graphql(`
  mutation ConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token)
  }
`);

export const ADD_SAVED_ADDRESS = graphql(
  `
    mutation AddSavedAddress($input: SavedAddressInput!) {
      addSavedAddress(input: $input) {
        ...SavedAddressFields
      }
    }
  `,
  [SAVED_ADDRESS_FIELDS],
);

export const UPDATE_SAVED_ADDRESS = graphql(
  `
    mutation UpdateSavedAddress($id: Int!, $input: SavedAddressInput!) {
      updateSavedAddress(id: $id, input: $input) {
        ...SavedAddressFields
      }
    }
  `,
  [SAVED_ADDRESS_FIELDS],
);

export const SET_DEFAULT_SAVED_ADDRESS = graphql(`
  mutation SetDefaultSavedAddress($id: Int!) {
    setDefaultSavedAddress(id: $id) {
      id
      isDefault
    }
  }
`);

export const DELETE_SAVED_ADDRESS = graphql(`
  mutation DeleteSavedAddress($id: Int!) {
    deleteSavedAddress(id: $id)
  }
`);

export const END_SESSION = graphql(`
  mutation EndSession($id: String!) {
    endSession(id: $id)
  }
`);

export const LOG_OUT_EVERYWHERE = graphql(`
  mutation LogOutEverywhere {
    logOutEverywhere
  }
`);
