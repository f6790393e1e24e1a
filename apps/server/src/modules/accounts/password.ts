import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash.
const PARAMS: ScryptOptions = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as "scrypt$N$r$p$salt$hash" (base64), so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')]
    .map(String)
    .join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const params = { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem };
  const actual = await derive(password, Buffer.from(salt, 'base64'), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Passwords people pick most often (zxcvbn's list of ~49,000), compared in lower case. */
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    (dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()),
  );
  return commonPasswords.has(password.toLowerCase());
}

/** A password everyone can guess, or undefined if it is acceptable (length is checked by zod). */
export function weakPasswordProblem(password: string, context: string[] = []): string | undefined {
  const lowered = password.toLowerCase();
  if (isCommonPassword(password)) {
    return 'That password is on a list of common passwords. Choose one that is harder to guess.';
  }
  const words = context.flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  if (words.some((word) => word.length >= 4 && lowered.includes(word))) {
    return 'Do not use your name or email address in your password.';
  }
  if (new Set(lowered).size < 4) return 'Use a password with more different characters.';
  return undefined;
}
