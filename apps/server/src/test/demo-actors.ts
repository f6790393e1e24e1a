import { DEMO_ACCOUNTS, type DemoAccount } from '../modules/seed/demo-accounts';

/**
 * The demo accounts by the part each plays in a test, so that server tests and browser journeys
 * log in with the seeded credentials instead of pasting them. Plain data: the journeys import it.
 */

export interface Actor {
  name: string;
  email: string;
  password: string;
}

function playedBy(plays: (account: DemoAccount) => boolean): Actor {
  const account = DEMO_ACCOUNTS.find(plays);
  if (!account) throw new Error('No demo account plays this part');
  return { name: account.name, email: account.email, password: account.password };
}

export const DEMO_ACTORS = {
  admin: playedBy((account) => account.isAdmin),
  /** Works at the first two demo producers. */
  seller: playedBy((account) => account.workplaces > 0),
  /** A retail buyer. */
  buyer: playedBy((account) => !account.isAdmin && !account.wholesale && account.workplaces === 0),
  /** An approved wholesale buyer. */
  wholesale: playedBy((account) => account.wholesale),
} satisfies Record<string, Actor>;

export type DemoActor = keyof typeof DEMO_ACTORS;

/** The logIn mutation's variables for a demo actor. */
export function credentialsOf(actor: DemoActor): { email: string; password: string } {
  const { email, password } = DEMO_ACTORS[actor];
  return { email, password };
}
