import type { App } from '../../../app';
import { gql } from '../../../test/graphql-client';

export const PASSWORD = 'tawny-heron-cellar-91';

let counter = 0;

export interface Person {
  id: number;
  email: string;
  cookie: string;
}

/** A new adult signed up from a network of its own (sign-ups are limited per address). */
export async function newPerson(app: App, name = 'Jordan Rivers'): Promise<Person> {
  counter += 1;
  const email = `settings${Date.now()}${counter}@example.com`;
  const result = await gql(
    app,
    `mutation($input: SignUpInput!) { signUp(input: $input) { id } }`,
    { input: { name, email, password: PASSWORD, dateOfBirth: '1990-04-02' } },
    { ip: `10.210.${Math.floor(counter / 250)}.${(counter % 250) + 1}` },
  );
  const id = (result.body.data?.signUp as { id: number } | undefined)?.id;
  if (!id || !result.cookie) throw new Error(`Sign-up failed: ${JSON.stringify(result.body)}`);
  return { id, email, cookie: result.cookie };
}

/** Logs in again from another browser; returns that session's cookie. */
export async function logInFrom(
  app: App,
  email: string,
  userAgent: string,
  password = PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    remoteAddress: '198.51.100.23',
    payload: {
      query: 'mutation($e: String!, $p: String!) { logIn(email: $e, password: $p) { id } }',
      variables: { e: email, p: password },
    },
  });
  const cookie = response.cookies.find((c) => c.name === 'bevy_session');
  if (!cookie?.value) throw new Error(`Log-in failed: ${response.body}`);
  return `bevy_session=${cookie.value}`;
}

export async function isSignedIn(app: App, cookie: string): Promise<boolean> {
  const me = await gql(app, '{ me { id } }', {}, { cookie });
  return Boolean(me.body.data?.me);
}
