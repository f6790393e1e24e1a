import { createHash, randomBytes } from 'node:crypto';
import { normalizeEmail, PASSWORD_RESET_LIMITS } from '@bevy/core';
import { signUpSchema } from '@bevy/core/schemas';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailChangeRequests, users } from '../../db/tables';
import { requireViewer } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import { badInput, tooManyRequests, type DomainError } from '../../platform/domain-error';
import { isUniqueViolation } from '../../db/errors';
import { perEmailAndAddress, recordRequest } from './rate-limits';
import { checkCurrentPassword, viewerRow } from './settings.service';

/** A link to confirm a new email works for a day. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Each request sends two emails: the same allowance as password resets. */
const EMAIL_CHANGE_LIMITS = PASSWORD_RESET_LIMITS;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const emailSchema = signUpSchema.shape.email;

const TAKEN_MESSAGE = 'An account with this email already exists.';
const EXPIRED_MESSAGE =
  'This link has expired or was already used. Ask for a new one in your account settings.';

type Ctx = Pick<ServiceContext, 'db' | 'viewer' | 'clock' | 'mailer'> & { ip?: string };

export interface EmailChangeRequestInput {
  newEmail: string;
  password: string;
  publicUrl: string;
  siteName: string;
}

/**
 * Asks to move the signed-in person's account to a new email: nothing changes until the link
 * mailed to the new address is opened. The old address is told, so a stolen session cannot move
 * an account away quietly. Only the newest link works.
 */
export async function requestEmailChange(ctx: Ctx, input: EmailChangeRequestInput): Promise<void> {
  requireViewer(ctx);
  const parsed = emailSchema.safeParse(input.newEmail);
  if (!parsed.success) throw badInput(parsed.error.issues[0]!.message, 'newEmail');
  const newEmail = normalizeEmail(parsed.data);
  const user = await viewerRow(ctx);
  if (newEmail === user.email) throw badInput('That is already your email address.', 'newEmail');
  const now = ctx.clock.now();
  const limited = await recordRequest(
    ctx.db,
    'email-change',
    EMAIL_CHANGE_LIMITS.windowMs,
    perEmailAndAddress(
      EMAIL_CHANGE_LIMITS,
      { email: user.email, ip: ctx.ip },
      {
        email: 'Too many email changes asked for this account. Wait an hour and try again.',
        address: 'Too many email changes asked from your network. Wait an hour and try again.',
      },
    ),
    now,
  );
  if (limited) throw tooManyRequests(limited.message);
  await checkCurrentPassword(ctx, user, input.password, 'password');
  if (await emailTaken(ctx.db, newEmail)) throw badInput(TAKEN_MESSAGE, 'newEmail');

  const token = randomBytes(32).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db.delete(emailChangeRequests).where(eq(emailChangeRequests.user_id, user.id));
    await db.insert(emailChangeRequests).values({
      id: hashToken(token),
      user_id: user.id,
      new_email: newEmail,
      expires_at: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
      created_at: now,
    });
  });
  const link = `${input.publicUrl}/account/confirm-email/${token}`;
  await ctx.mailer.send({
    to: newEmail,
    subject: `Confirm your new ${input.siteName} email`,
    text:
      `Hello ${user.name},\n\nYou asked to use this address for your ${input.siteName} account. ` +
      `To confirm, open this link within 24 hours:\n\n${link}\n\n` +
      `If it was not you, ignore this email: nothing changes.\n`,
  });
  await ctx.mailer.send({
    to: user.email,
    subject: `Your ${input.siteName} email is about to change`,
    text:
      `Hello ${user.name},\n\nSomeone signed in to your ${input.siteName} account asked to ` +
      `change its email to ${newEmail}. Nothing changes until that address confirms.\n\n` +
      `If it was not you, change your password now in your account settings: that also logs ` +
      `out every other session.\n`,
  });
}

async function emailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId === undefined
        ? eq(users.email, email)
        : and(eq(users.email, email), ne(users.id, exceptUserId)),
    )
    .limit(1);
  return Boolean(row);
}

/** The change waiting for confirmation, if any, for the settings page to mention. */
export async function pendingEmailChange(
  ctx: Pick<ServiceContext, 'db' | 'viewer' | 'clock'>,
): Promise<{ newEmail: string; expiresAt: Date } | null> {
  const viewer = requireViewer(ctx);
  const [row] = await ctx.db
    .select({ newEmail: emailChangeRequests.new_email, expiresAt: emailChangeRequests.expires_at })
    .from(emailChangeRequests)
    .where(
      and(
        eq(emailChangeRequests.user_id, viewer.id),
        isNull(emailChangeRequests.used_at),
        gt(emailChangeRequests.expires_at, ctx.clock.now()),
      ),
    )
    .orderBy(desc(emailChangeRequests.created_at))
    .limit(1);
  return row ?? null;
}

/**
 * Opens a confirmation link: the account that asked (whoever opens it) moves to the new email,
 * if no one took it meanwhile, and the link stops working. Returns the new email.
 */
export async function confirmEmailChange(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  token: string,
): Promise<string> {
  if (!token || token.length > 200) throw badInput(EXPIRED_MESSAGE, 'token');
  const id = hashToken(token);
  const now = ctx.clock.now();
  const taken = badInput(
    `${TAKEN_MESSAGE} Ask for the change again with another address.`,
    'token',
  );
  try {
    return await switchEmail(ctx.db, id, now, taken);
  } catch (error) {
    // Another account took the address at the same moment.
    if (isUniqueViolation(error, 'users_email_unique')) throw taken;
    throw error;
  }
}

async function switchEmail(
  database: Db,
  id: string,
  now: Date,
  taken: DomainError,
): Promise<string> {
  return database.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [claimed] = await db
      .update(emailChangeRequests)
      .set({ used_at: now })
      .where(
        and(
          eq(emailChangeRequests.id, id),
          isNull(emailChangeRequests.used_at),
          gt(emailChangeRequests.expires_at, now),
        ),
      )
      .returning();
    if (!claimed) throw badInput(EXPIRED_MESSAGE, 'token');
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.id, claimed.user_id))
      .for('no key update')
      .limit(1);
    if (!user || user.disabled_at || user.deleted_at) throw badInput(EXPIRED_MESSAGE, 'token');
    if (await emailTaken(db, claimed.new_email, user.id)) throw taken;
    await db
      .update(users)
      .set({ email: claimed.new_email, updated_at: now })
      .where(eq(users.id, user.id));
    await db
      .delete(emailChangeRequests)
      .where(and(eq(emailChangeRequests.user_id, user.id), ne(emailChangeRequests.id, id)));
    return claimed.new_email;
  });
}
