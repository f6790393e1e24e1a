import { createHash, randomBytes } from 'node:crypto';
import {
  hasWholesaleAccess,
  isOfLegalAge,
  isoDate,
  LOGIN_LIMITS,
  normalizeEmail,
  PASSWORD_RESET_LIMITS,
  PASSWORD_RESET_TTL_MS,
  SIGN_UP_LIMITS,
  UNDER_AGE_MESSAGE,
  type BuyerKind,
} from '@bevy/core';
import { logInSchema, resetPasswordSchema, signUpSchema } from '@bevy/core/schemas';
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, passwordResetTokens, users } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { badInput, fromZodError, tooManyRequests } from '../../platform/domain-error';
import { endAllSessions } from './sessions';
import { hashPassword, verifyPassword, weakPasswordProblem } from './password';
import { networkOf, perEmailAndAddress, recordRequest } from './rate-limits';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function findViewer(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
): Promise<UserRow | null> {
  return ctx.viewer ? findUser(ctx.db, ctx.viewer.id) : null;
}

/** An approved wholesale buyer whose license has not expired sees wholesale prices. */
export function seesWholesalePricing(user: UserRow, now = new Date()): boolean {
  return hasWholesaleAccess(user.wholesale_access_expires_on, now);
}

/** Which price list a user buys from (anonymous callers: retail), decided from the database. */
export function buyerKindOf(user: UserRow | null | undefined, now = new Date()): BuyerKind {
  return user && seesWholesalePricing(user, now) ? 'wholesale' : 'retail';
}

/** The price list of the signed-in caller, or retail for an anonymous one. */
export async function buyerKindOfViewer(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
): Promise<BuyerKind> {
  return buyerKindOf(await findViewer(ctx));
}

const SIGN_UP_EMAIL_MESSAGE =
  'Too many sign-up attempts for this email. Wait an hour and try again.';
const SIGN_UP_ADDRESS_MESSAGE = 'Too many sign-ups from your network. Wait an hour and try again.';

/**
 * Creates an account for an adult; the caller logs them in. Sign-ups are limited per email and
 * per address (`ctx.ip`, which every request has; in-process callers such as the checkout
 * benchmark have none, and only the email limit applies to them), counted once the form is
 * valid and before the costly password hash.
 */
export async function signUp(
  ctx: Pick<ServiceContext, 'db'> & { ip?: string },
  input: unknown,
  now = new Date(),
) {
  const parsed = signUpSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { name, password, dateOfBirth } = parsed.data;
  const email = normalizeEmail(parsed.data.email);
  if (!isOfLegalAge(dateOfBirth, isoDate(now))) throw badInput(UNDER_AGE_MESSAGE, 'dateOfBirth');
  const weak = weakPasswordProblem(password, [name, email.split('@')[0] ?? '']);
  if (weak) throw badInput(weak, 'password');
  const limited = await recordRequest(
    ctx.db,
    'sign-up',
    SIGN_UP_LIMITS.windowMs,
    perEmailAndAddress(
      SIGN_UP_LIMITS,
      { email, ip: ctx.ip },
      {
        email: SIGN_UP_EMAIL_MESSAGE,
        address: SIGN_UP_ADDRESS_MESSAGE,
      },
    ),
    now,
  );
  if (limited) throw tooManyRequests(limited.message);
  const [user] = await ctx.db
    .insert(users)
    .values({
      name,
      email,
      password_hash: await hashPassword(password),
      date_of_birth: dateOfBirth,
    })
    .onConflictDoNothing()
    .returning();
  if (!user) {
    throw badInput('An account with this email already exists. Log in instead.', 'email');
  }
  return user;
}

// A real hash to compare against when the email is unknown, so timing does not reveal accounts.
const UNKNOWN_USER_HASH = hashPassword(randomBytes(16).toString('hex'));

const LOCKED_ACCOUNT_MESSAGE =
  'Too many failed log-in attempts for this account. Wait 15 minutes, or reset your password.';
const LOCKED_ADDRESS_MESSAGE =
  'Too many failed log-in attempts from your network. Wait 15 minutes and try again.';

/**
 * Checks a log-in against the per-account and per-address limits, then the password. Every
 * attempt is recorded, so several attempts in one request count one by one.
 */
export async function logIn(
  ctx: Pick<ServiceContext, 'db'> & { ip: string },
  input: unknown,
  now = new Date(),
): Promise<UserRow> {
  const parsed = logInSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const email = normalizeEmail(parsed.data.email);
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs);

  // The transaction returns the outcome rather than throwing, so a failed attempt stays recorded.
  const outcome = await ctx.db.transaction(async (tx): Promise<UserRow | Error> => {
    const db = tx as unknown as Db;
    // Serialize attempts on one account, so parallel requests cannot slip past the limit.
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${email}))`);
    const failures = async (
      column: typeof loginAttempts.email | typeof loginAttempts.ip,
      value: string,
    ) => {
      const [row] = await db
        .select({ n: count() })
        .from(loginAttempts)
        .where(
          and(
            eq(column, value),
            eq(loginAttempts.succeeded, false),
            gt(loginAttempts.created_at, since),
          ),
        );
      return row?.n ?? 0;
    };
    if ((await failures(loginAttempts.email, email)) >= LOGIN_LIMITS.maxFailuresPerAccount) {
      return tooManyRequests(LOCKED_ACCOUNT_MESSAGE);
    }
    // By network: an IPv6 client's whole /64 counts as one address.
    const network = networkOf(ctx.ip);
    if ((await failures(loginAttempts.ip, network)) >= LOGIN_LIMITS.maxFailuresPerAddress) {
      return tooManyRequests(LOCKED_ADDRESS_MESSAGE);
    }
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    const matches = await verifyPassword(
      parsed.data.password,
      user?.password_hash ?? (await UNKNOWN_USER_HASH),
    );
    const succeeded = Boolean(user && matches && !user.disabled_at);
    await db.insert(loginAttempts).values({ email, ip: network, succeeded, created_at: now });
    if (user && matches && user.disabled_at) {
      return badInput('This account has been disabled. Contact us if you think this is a mistake.');
    }
    if (!succeeded || !user) return badInput('That email and password do not match.', 'password');
    return user;
  });
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

const hashResetToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const RESET_EMAIL_MESSAGE =
  'Too many password reset requests for this email. Wait an hour and try again.';
const RESET_ADDRESS_MESSAGE =
  'Too many password reset requests from your network. Wait an hour and try again.';

/** Locks a user's row until the transaction ends, so their reset tokens change one at a time. */
async function lockUser(db: Db, userId: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update')
    .limit(1);
  return row ?? null;
}

/**
 * Emails a one-time reset link when the account exists, retiring any link sent before. The
 * answer is the same either way, so the form cannot be used to find out who has an account:
 * requests are limited per email and per address before the account is even looked up.
 */
export async function requestPasswordReset(
  ctx: Pick<ServiceContext, 'db' | 'mailer' | 'ip'>,
  input: { email: string; publicUrl: string; siteName: string },
  now = new Date(),
): Promise<void> {
  const email = normalizeEmail(input.email);
  const limited = await recordRequest(
    ctx.db,
    'password-reset',
    PASSWORD_RESET_LIMITS.windowMs,
    perEmailAndAddress(
      PASSWORD_RESET_LIMITS,
      { email, ip: ctx.ip },
      {
        email: RESET_EMAIL_MESSAGE,
        address: RESET_ADDRESS_MESSAGE,
      },
    ),
    now,
  );
  if (limited) throw tooManyRequests(limited.message);
  const [found] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.disabled_at)))
    .limit(1);
  if (!found) return;
  const token = randomBytes(32).toString('base64url');
  const user = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const locked = await lockUser(db, found.id);
    if (!locked || locked.disabled_at) return null;
    // Only the newest link works: the ones sent before are retired (and old used ones pruned).
    await db.delete(passwordResetTokens).where(eq(passwordResetTokens.user_id, locked.id));
    await db.insert(passwordResetTokens).values({
      id: hashResetToken(token),
      user_id: locked.id,
      expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
    });
    return locked;
  });
  if (!user) return;
  const link = `${input.publicUrl}/reset-password?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: `Reset your ${input.siteName} password`,
    text:
      `Hello ${user.name},\n\nSomeone asked to reset the password of your ${input.siteName} account. ` +
      `To choose a new password, open this link within the next hour:\n\n${link}\n\n` +
      `If it was not you, ignore this email: your password stays as it is.\n`,
  });
}

/**
 * Sets a new password from a reset link; the link works once, every other link of the account
 * stops working, and every session ends.
 */
export async function resetPassword(
  ctx: Pick<ServiceContext, 'db'>,
  input: unknown,
  now = new Date(),
): Promise<void> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const expired = badInput(
    'This reset link has expired or was already used. Ask for a new one.',
    'token',
  );
  const tokenId = hashResetToken(parsed.data.token);
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [token] = await db
      .select({ userId: passwordResetTokens.user_id })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, tokenId))
      .limit(1);
    if (!token) throw expired;
    // One change to the account's links at a time: two links used at once cannot both work.
    const user = await lockUser(db, token.userId);
    const [claimed] = await db
      .update(passwordResetTokens)
      .set({ used_at: now })
      .where(
        and(
          eq(passwordResetTokens.id, tokenId),
          isNull(passwordResetTokens.used_at),
          gt(passwordResetTokens.expires_at, now),
        ),
      )
      .returning({ userId: passwordResetTokens.user_id });
    if (!claimed || !user || user.disabled_at) throw expired;
    const weak = weakPasswordProblem(parsed.data.password, [
      user.name,
      user.email.split('@')[0] ?? '',
    ]);
    if (weak) throw badInput(weak, 'password');
    await db
      .update(users)
      .set({ password_hash: await hashPassword(parsed.data.password), updated_at: now })
      .where(eq(users.id, user.id));
    // Every other link of the account is retired with it.
    await db
      .delete(passwordResetTokens)
      .where(and(eq(passwordResetTokens.user_id, user.id), ne(passwordResetTokens.id, tokenId)));
    await endAllSessions(db, user.id);
  });
}
