import { isoDate, WHOLESALE_REMINDER_DAYS, type LicenseDocumentType } from '@bevy/core';
import {
  rejectionReasonSchema,
  wholesaleApplicationSchema,
  type WholesaleApplicationInput,
} from '@bevy/core/schemas';
import { and, asc, desc, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { businesses, users, wholesaleApplications, wholesaleStatusEnum } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { badInput, DomainError, fromZodError, notFound } from '../../platform/domain-error';
import { defineJob } from '../jobs';
import { tradeVoucherOf } from '../marketing/index';
import type { Mailer, MailMessage } from '../mail/index';
import type { Applicant, WholesaleApplicationView, WholesaleStatus } from '@bevy/core';

export type ApplicationRow = typeof wholesaleApplications.$inferSelect;
export const WHOLESALE_STATUSES = wholesaleStatusEnum.enumValues;
export type { Applicant, WholesaleApplicationView, WholesaleStatus };

type WholesaleContext = Pick<ServiceContext, 'db' | 'mailer' | 'log' | 'config'>;

export const APPLICATION_PENDING_MESSAGE = 'Your application is already waiting for review.';

export function toApplicationView(
  row: ApplicationRow,
  applicant: Applicant,
  vouchedBy: { name: string; slug: string } | null = null,
): WholesaleApplicationView {
  return {
    id: row.id,
    businessName: row.business_name,
    licenseType: row.license_type,
    licenseNumber: row.license_number,
    issuingState: row.issuing_state,
    licenseExpiresOn: row.license_expires_on,
    documentName: row.document_name,
    documentType: row.document_type,
    documentUrl: `/files/licenses/${row.id}`,
    status: row.status,
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    applicant,
    vouchedBy,
  };
}

/** "March 5, 2027" for 2027-03-05, the same wherever the server runs. */
export function formatLongDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Sends an email about something already committed: a failure is logged, not undone. */
async function sendAfterCommit(
  mailer: Mailer,
  log: FastifyBaseLogger,
  message: MailMessage,
): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    log.error({ err: error, subject: message.subject }, 'could not send a wholesale email');
  }
}

async function selectApplications(
  db: Db,
  where: SQL | undefined,
  limit?: number,
): Promise<WholesaleApplicationView[]> {
  const query = db
    .select({
      application: wholesaleApplications,
      applicant: { id: users.id, name: users.name, email: users.email },
      voucher: { name: businesses.name, slug: businesses.slug },
    })
    .from(wholesaleApplications)
    .innerJoin(users, eq(users.id, wholesaleApplications.user_id))
    .leftJoin(businesses, eq(businesses.id, wholesaleApplications.vouched_by_business_id))
    .where(where)
    .orderBy(desc(wholesaleApplications.created_at), desc(wholesaleApplications.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) =>
    toApplicationView(row.application, row.applicant, row.voucher?.name ? row.voucher : null),
  );
}

/** The user's most recent application, or null. */
export async function latestApplicationOf(
  ctx: Pick<ServiceContext, 'db'>,
  userId: number,
): Promise<WholesaleApplicationView | null> {
  const [view] = await selectApplications(ctx.db, eq(wholesaleApplications.user_id, userId), 1);
  return view ?? null;
}

/** Every application (or those with one status), newest first: the admin's review queue. */
export function listApplications(
  ctx: Pick<ServiceContext, 'db'>,
  status: WholesaleStatus | null,
): Promise<WholesaleApplicationView[]> {
  return selectApplications(
    ctx.db,
    status === null ? undefined : eq(wholesaleApplications.status, status),
  );
}

/** What the license file route needs: where the file is and whose it is. */
export async function findApplicationDocument(
  db: Db,
  id: number,
): Promise<Pick<
  ApplicationRow,
  'user_id' | 'document_path' | 'document_name' | 'document_type'
> | null> {
  const [row] = await db
    .select({
      user_id: wholesaleApplications.user_id,
      document_path: wholesaleApplications.document_path,
      document_name: wholesaleApplications.document_name,
      document_type: wholesaleApplications.document_type,
    })
    .from(wholesaleApplications)
    .where(eq(wholesaleApplications.id, id))
    .limit(1);
  return row ?? null;
}

const EMPTY_APPLICATION = Object.fromEntries(
  Object.keys(wholesaleApplicationSchema.shape).map((key) => [key, '']),
);

/** Checks the text fields of an application; the license must still be valid after today. */
export function parseApplicationFields(
  fields: Record<string, unknown>,
  now = new Date(),
): WholesaleApplicationInput {
  // A field left out of the form gets the same message as one left empty.
  const parsed = wholesaleApplicationSchema.safeParse({ ...EMPTY_APPLICATION, ...fields });
  if (!parsed.success) throw fromZodError(parsed.error);
  if (parsed.data.licenseExpiresOn <= isoDate(now)) {
    throw badInput(
      'Your license must be valid after today. Apply with a license that has not expired.',
      'licenseExpiresOn',
    );
  }
  return parsed.data;
}

function applicationPending(): DomainError {
  return new DomainError('APPLICATION_PENDING', APPLICATION_PENDING_MESSAGE);
}

/** Refuses early (before the upload is kept) when the user already has an application waiting. */
export async function assertNoPendingApplication(db: Db, userId: number): Promise<void> {
  const [pending] = await db
    .select({ id: wholesaleApplications.id })
    .from(wholesaleApplications)
    .where(
      and(eq(wholesaleApplications.user_id, userId), eq(wholesaleApplications.status, 'pending')),
    )
    .limit(1);
  if (pending) throw applicationPending();
}

export interface StoredLicenseDocument {
  relativePath: string;
  name: string;
  type: LicenseDocumentType;
}

/**
 * Records an application with its stored license and confirms it by email. The partial unique
 * index `wholesale_applications_one_pending` keeps it to one waiting application per user, even
 * when two uploads race past the check.
 */
export async function submitApplication(
  ctx: WholesaleContext,
  userId: number,
  input: WholesaleApplicationInput,
  document: StoredLicenseDocument,
): Promise<WholesaleApplicationView> {
  const [applicant] = await ctx.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!applicant) throw notFound('Your account no longer exists.');
  await assertNoPendingApplication(ctx.db, userId);
  let row: ApplicationRow | undefined;
  try {
    [row] = await ctx.db
      .insert(wholesaleApplications)
      .values({
        user_id: userId,
        business_name: input.businessName,
        license_type: input.licenseType,
        license_number: input.licenseNumber,
        issuing_state: input.issuingState,
        license_expires_on: input.licenseExpiresOn,
        document_path: document.relativePath,
        document_name: document.name,
        document_type: document.type,
        vouched_by_business_id: await tradeVoucherOf(ctx.db, userId),
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, 'wholesale_applications_one_pending')) throw applicationPending();
    throw error;
  }
  if (!row) throw new Error('The application was not saved.');
  const site = ctx.config.SITE_NAME;
  await sendAfterCommit(ctx.mailer, ctx.log, {
    to: applicant.email,
    subject: 'We received your wholesale application',
    text:
      `Hello ${applicant.name},\n\nWe received your application for wholesale access on ${site} ` +
      `for ${input.businessName} (license ${input.licenseNumber}, ${input.issuingState}). ` +
      `We check every license by hand and will email you when we have reviewed it.\n`,
  });
  return toApplicationView(row, applicant, await voucherOf(ctx.db, row.vouched_by_business_id));
}

/** The name and page of the producer vouching for an applicant. */
async function voucherOf(db: Db, businessId: number | null) {
  if (businessId === null) return null;
  const [row] = await db
    .select({ name: businesses.name, slug: businesses.slug })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return row ?? null;
}

export interface ReviewInput {
  id: number;
  approve: boolean;
  reason?: string | null;
}

/**
 * Approves or rejects a pending application. Approval grants wholesale access until the license
 * expires, in the same transaction; the applicant is emailed either way, once it is committed.
 */
export async function reviewApplication(
  ctx: WholesaleContext,
  reviewerId: number,
  input: ReviewInput,
  now = new Date(),
): Promise<WholesaleApplicationView> {
  let reason: string | null = null;
  if (!input.approve) {
    const parsed = rejectionReasonSchema.safeParse(input.reason ?? '');
    if (!parsed.success) {
      throw badInput(parsed.error.issues[0]?.message ?? 'Say why you reject it.', 'reason');
    }
    reason = parsed.data;
  }

  const view = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [current] = await db
      .select({ application: wholesaleApplications, applicant: users })
      .from(wholesaleApplications)
      .innerJoin(users, eq(users.id, wholesaleApplications.user_id))
      .where(eq(wholesaleApplications.id, input.id))
      .limit(1)
      .for('update', { of: wholesaleApplications });
    if (!current) throw notFound('There is no such wholesale application.');
    if (current.application.status !== 'pending') {
      throw badInput('This application has already been reviewed.');
    }
    if (input.approve && current.application.license_expires_on < isoDate(now)) {
      throw badInput('This license has expired since the application was made. Reject it instead.');
    }
    const [updated] = await db
      .update(wholesaleApplications)
      .set({
        status: input.approve ? 'approved' : 'rejected',
        rejection_reason: reason,
        reviewed_by: reviewerId,
        reviewed_at: now,
        updated_at: now,
      })
      .where(
        and(eq(wholesaleApplications.id, input.id), eq(wholesaleApplications.status, 'pending')),
      )
      .returning();
    if (!updated) throw badInput('This application has already been reviewed.');
    if (input.approve) {
      await db
        .update(users)
        .set({
          wholesale_access_expires_on: updated.license_expires_on,
          wholesale_reminder_sent_for: null,
          updated_at: now,
        })
        .where(eq(users.id, updated.user_id));
    }
    const { id, name, email } = current.applicant;
    return toApplicationView(
      updated,
      { id, name, email },
      await voucherOf(db, updated.vouched_by_business_id),
    );
  });

  const site = ctx.config.SITE_NAME;
  const greeting = `Hello ${view.applicant.name},\n\n`;
  await sendAfterCommit(
    ctx.mailer,
    ctx.log,
    input.approve
      ? {
          to: view.applicant.email,
          subject: 'Your wholesale application is approved',
          text:
            greeting +
            `We approved your wholesale application for ${view.businessName}. You now see ` +
            `wholesale prices on ${site} until ${formatLongDate(view.licenseExpiresOn)}, the day ` +
            `your license expires. Before then, renew by applying with your new license.\n`,
        }
      : {
          to: view.applicant.email,
          subject: 'Your wholesale application was not approved',
          text:
            greeting +
            `We could not approve your wholesale application for ${view.businessName}.\n\n` +
            `Reason: ${reason}\n\nYou can apply again once this is resolved.\n`,
        },
  );
  return view;
}

/**
 * Emails everyone whose wholesale access ends within WHOLESALE_REMINDER_DAYS (today included) and
 * who was not yet reminded of that expiry. Each reminder is claimed with a conditional update
 * first, so two processes running this at once never both send it. Returns how many were sent.
 */
export async function sendWholesaleExpiryReminders(
  db: Db,
  mailer: Mailer,
  now = new Date(),
): Promise<number> {
  const today = isoDate(now);
  const horizon = isoDate(new Date(now.getTime() + WHOLESALE_REMINDER_DAYS * 86_400_000));
  const notYetReminded = sql`${users.wholesale_reminder_sent_for} is distinct from ${users.wholesale_access_expires_on}`;
  const candidates = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      expiresOn: users.wholesale_access_expires_on,
    })
    .from(users)
    .where(
      and(
        gte(users.wholesale_access_expires_on, today),
        lte(users.wholesale_access_expires_on, horizon),
        notYetReminded,
        isNull(users.disabled_at),
      ),
    )
    .orderBy(asc(users.id));

  let sent = 0;
  const failures: unknown[] = [];
  for (const candidate of candidates) {
    const expiresOn = candidate.expiresOn;
    if (expiresOn === null) continue;
    const [claimed] = await db
      .update(users)
      .set({ wholesale_reminder_sent_for: expiresOn })
      .where(
        and(
          eq(users.id, candidate.id),
          eq(users.wholesale_access_expires_on, expiresOn),
          notYetReminded,
        ),
      )
      .returning({ id: users.id });
    if (!claimed) continue;
    const day = formatLongDate(expiresOn);
    try {
      await mailer.send({
        to: candidate.email,
        subject: `Your wholesale access ends on ${day}`,
        text:
          `Hello ${candidate.name},\n\nYour wholesale access ends on ${day}, the day your license ` +
          `expires. To keep seeing wholesale prices, renew by applying with your new license.\n`,
      });
      sent++;
    } catch (error) {
      // Give the claim back so a later run tries again.
      await db
        .update(users)
        .set({ wholesale_reminder_sent_for: null })
        .where(and(eq(users.id, candidate.id), eq(users.wholesale_reminder_sent_for, expiresOn)));
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} wholesale reminders could not be sent`);
  }
  return sent;
}

/** Sends wholesale expiry reminders every hour; a failed send is tried again by the retry. */
export const wholesaleReminderJob = defineJob({
  name: 'wholesale.send-expiry-reminders',
  schedule: '0 * * * *',
  async run(ctx) {
    const sent = await sendWholesaleExpiryReminders(ctx.db, ctx.mailer, ctx.clock.now());
    if (sent > 0) ctx.log.info({ sent }, 'wholesale expiry reminders sent');
  },
});
