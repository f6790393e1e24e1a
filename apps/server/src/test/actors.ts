import type { App } from '../app';
import { DEMO_ACTORS, credentialsOf, type DemoActor } from './demo-actors';
import { logInAs } from './graphql-client';

export { DEMO_ACTORS, credentialsOf, type DemoActor };

/** Logs a demo actor in; returns the session cookie to send with later requests. */
export function logInAsActor(app: App, actor: DemoActor): Promise<string> {
  const { email, password } = credentialsOf(actor);
  return logInAs(app, email, password);
}
