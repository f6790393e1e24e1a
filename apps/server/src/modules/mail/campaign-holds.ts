import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { campaignRecipients, mailOutbox } from '../../db/tables';
import { LEASE_SECONDS, type OutboxRow } from './outbox-leases';
import { emailHash } from './suppressions';

/**
 * The last check before a campaign message leaves (decision 021): a campaign fills the outbox in
 * seconds and the relay drains it at the marketing rate, so in between its recipient may
 * unsubscribe, complain or bounce elsewhere, or the producer may stop the campaign.
 */
export async function campaignHold(db: Db, run: string, row: OutboxRow): Promise<string | null> {
  if (row.campaign_recipient_id === null) return null;
  // One statement: the lease renewed (see renewLease) and the recipient's standing read.
  const [state] = rowsOf<{
    ours: boolean;
    campaign: string;
    consent: string | null;
    suppressed: boolean;
  }>(
    await db.execute(sql`
      with renewed as (
        update mail_outbox set lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        where id = ${row.id} and transport = 'queued' and lease_owner = ${run}
        returning id)
      select exists (select 1 from renewed) as ours,
        c.status::text as campaign, mc.status::text as consent,
        exists (select 1 from mail_suppressions s
          where s.email_hash = ${emailHash(row.to_address)}) as suppressed
      from campaign_recipients r
      join campaigns c on c.id = r.campaign_id
      left join marketing_consents mc on mc.id = r.consent_id
      where r.id = ${row.campaign_recipient_id}`),
  );
  if (state && !state.ours) return LEASE_LOST;
  if (!state || state.campaign === 'cancelled') return 'cancelled';
  if (state.consent !== 'subscribed') return 'unsubscribed';
  if (state.suppressed) return 'suppressed';
  return null;
}

/** What campaignHold answers when the run lost the message's lease: leave it to its new owner. */
export const LEASE_LOST = 'lease lost';

/** Takes a held message out of the outbox, and says why on its recipient. */
export async function skipMessage(db: Db, row: OutboxRow, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(mailOutbox)
      .set({ transport: 'skipped', lease_until: null, error: reason })
      .where(eq(mailOutbox.id, row.id));
    if (row.campaign_recipient_id !== null) {
      await tx
        .update(campaignRecipients)
        .set({ status: 'skipped', skip_reason: reason })
        .where(eq(campaignRecipients.id, row.campaign_recipient_id));
    }
  });
}
