import type { App } from '../app';

export interface GraphqlResult {
  status: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: {
      message: string;
      extensions?: { code?: string; field?: string; fields?: Record<string, string> };
    }[];
  };
  cookie?: string;
}

/** Posts a GraphQL request to the app, optionally with a session cookie. */
export async function gql(
  app: App,
  query: string,
  variables: Record<string, unknown> = {},
  options: { cookie?: string; ip?: string } = {},
): Promise<GraphqlResult> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    payload: { query, variables },
  });
  const setCookie = response.cookies.find((cookie) => cookie.name === 'bevy_session');
  return {
    status: response.statusCode,
    body: response.json(),
    cookie: setCookie?.value ? `bevy_session=${setCookie.value}` : undefined,
  };
}

/** Logs in and returns the session cookie to send with later requests. */
export async function logInAs(app: App, email: string, password: string): Promise<string> {
  const result = await gql(
    app,
    'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }',
    { email, password },
  );
  if (!result.cookie)
    throw new Error(`Could not log in as ${email}: ${JSON.stringify(result.body)}`);
  return result.cookie;
}
