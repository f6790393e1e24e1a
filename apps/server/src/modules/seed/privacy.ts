import { privacyDeadline, type PrivacyLaw, type PrivacyRequestKind } from '@bevy/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privacyRequests } from '../../db/tables';

const DAY_MS = 86_400_000;

/** Requests from people without accounts, so the admins' queue shows its deadlines at once. */
const DEMO_REQUESTS: {
  name: string;
  email: string;
  kind: PrivacyRequestKind;
  law: PrivacyLaw;
  daysAgo: number;
  details: string;
  answered?: string;
}[] = [
  {
    name: 'Jordan Avery',
    email: 'jordan.avery@example.com',
    kind: 'deletion',
    law: 'ccpa',
    daysAgo: 40,
    details: 'I bought a gift once as a guest at a tasting; please delete what you have about me.',
  },
  {
    name: 'Mateo Alvarez',
    email: 'mateo.alvarez@example.org',
    kind: 'access',
    law: 'gdpr',
    daysAgo: 3,
    details: 'I live in Spain and signed up for a winery newsletter. What do you hold about me?',
  },
  {
    name: 'Priya Raman',
    email: 'priya.raman@example.net',
    kind: 'correction',
    law: 'gdpr',
    daysAgo: 12,
    details: 'My surname is misspelt as "Ramen" on a ticket.',
    answered: 'Corrected on the ticket and in the producer’s records.',
  },
];

/** Seeds the demo privacy requests once (none are added to a queue that has any). */
export async function seedDemoPrivacyRequests(db: Db, now = new Date()): Promise<boolean> {
  const [{ count }] = (await db
    .select({ count: sql<number>`count(*)::int` })
    .from(privacyRequests)) as [{ count: number }];
  if (count > 0) return false;
  await db.insert(privacyRequests).values(
    DEMO_REQUESTS.map((request) => {
      const receivedAt = new Date(now.getTime() - request.daysAgo * DAY_MS);
      const answeredAt = new Date(receivedAt.getTime() + 2 * DAY_MS);
      return {
        kind: request.kind,
        law: request.law,
        channel: 'form' as const,
        status: request.answered ? ('completed' as const) : ('open' as const),
        requester_name: request.name,
        requester_email: request.email,
        details: request.details,
        received_at: receivedAt,
        due_at: privacyDeadline(request.law, receivedAt),
        resolved_at: request.answered ? answeredAt : null,
        resolution_note: request.answered ?? null,
        created_at: receivedAt,
        updated_at: request.answered ? answeredAt : receivedAt,
      };
    }),
  );
  // An answered request keeps no address, as the queue's own answers do (answeredStandIn).
  await db.execute(sql`
    update privacy_requests set requester_email = 'privacy-request-' || id || '@answered.invalid'
    where status <> 'open'`);
  return true;
}
