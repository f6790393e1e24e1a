/**
 * Demo accounts, one per role, printed at start. Passwords are for the demo data only.
 * `workplaces`: how many demo producers (the first in the catalog) the account works at.
 */
export const DEMO_ACCOUNTS = [
  {
    role: 'Admin',
    name: 'Avery Admin',
    email: 'admin@bevy.example',
    password: 'bevy-admin-demo',
    isAdmin: true,
    wholesale: false,
    workplaces: 0,
  },
  {
    role: 'Seller (works at two businesses)',
    name: 'Sam Seller',
    email: 'seller@bevy.example',
    password: 'bevy-seller-demo',
    isAdmin: false,
    wholesale: false,
    workplaces: 2,
  },
  {
    role: 'Retail buyer',
    name: 'Riley Retail',
    email: 'buyer@bevy.example',
    password: 'bevy-buyer-demo',
    isAdmin: false,
    wholesale: false,
    workplaces: 0,
  },
  {
    role: 'Wholesale buyer (approved)',
    name: 'Whitney Wholesale',
    email: 'wholesale@bevy.example',
    password: 'bevy-wholesale-demo',
    isAdmin: false,
    wholesale: true,
    workplaces: 0,
  },
] as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

/** How the accounts are listed on the console at start. */
export function formatDemoAccounts(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.role.length));
  return DEMO_ACCOUNTS.map(
    (account) => `  ${account.role.padEnd(width)}  ${account.email}  /  ${account.password}`,
  ).join('\n');
}
