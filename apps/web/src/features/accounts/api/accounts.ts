import { graphql } from '../../../lib/graphql';

export const LOG_IN = graphql(`
  mutation LogIn($email: String!, $password: String!) {
    logIn(email: $email, password: $password) {
      id
    }
  }
`);

export const SIGN_UP = graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      id
    }
  }
`);

export const REQUEST_PASSWORD_RESET = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email)
  }
`);

export const RESET_PASSWORD = graphql(`
  mutation ResetPassword($token: String!, $password: String!) {
    resetPassword(token: $token, password: $password)
  }
`);
