// Password hashing with scrypt (node:crypto), in a self-describing format so parameters can change later.
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * OWASP's Password Storage Cheat Sheet (2025): scrypt with N=2^17, r=8, p=1, or an equivalent such as N=2^15,
 * r=8, p=3. The latter: the same work, a quarter of the memory (32 MiB per hash; 128 MiB would let a few
 * concurrent sign-ins exhaust a small village server), about 0.3 s on this class of machine, off the event loop.
 * A stored hash made with weaker parameters is replaced at the next successful sign-in.
 */
export const SCRYPT_PARAMS = { N: 32_768, r: 8, p: 3 } as const;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * For the test suite's own servers only (PASSWORD_HASHING=fast-for-tests-only): about a thousandth of the work,
 * where a run makes several hundred accounts and sign-ins and spent a fifth of its CPU time in scrypt. A hash made
 * so is weaker than SCRYPT_PARAMS, so a server with the normal setting replaces it at the next sign-in
 * (needsRehash), and the server warns at every start while the setting is on.
 */
export const TEST_ONLY_SCRYPT_PARAMS = { N: 1024, r: 8, p: 1 } as const;

export type PasswordHashing = 'owasp' | 'fast-for-tests-only';

export const scryptParamsFor = (hashing: PasswordHashing): ScryptParams =>
  hashing === 'fast-for-tests-only' ? TEST_ONLY_SCRYPT_PARAMS : SCRYPT_PARAMS;
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;
/** Parameters a stored hash may name: refuses absurd values from a damaged or hostile row. */
const MAX_N = 1 << 20;
const MAX_RP = 64;

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, {
    ...params,
    maxmem: MAX_MEMORY,
  });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseStored(stored: string): StoredHash | null {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return null;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    N <= MAX_N &&
    (N & (N - 1)) === 0 &&
    [R, P].every((v) => Number.isInteger(v) && v >= 1 && v <= MAX_RP);
  if (!valid || 128 * N * R > MAX_MEMORY) return null;
  return { N, r: R, p: P, salt: Buffer.from(saltText, 'base64'), key: Buffer.from(keyText, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const hash = parseStored(stored);
  if (!hash) return false;
  const actual = await scrypt(password.normalize('NFKC'), hash.salt, hash.key.length, {
    N: hash.N,
    r: hash.r,
    p: hash.p,
    maxmem: MAX_MEMORY,
  });
  return actual.length === hash.key.length && crypto.timingSafeEqual(actual, hash.key);
}

/** Whether a stored hash was made with weaker parameters than today's (replace it after a successful sign-in). */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const hash = parseStored(stored);
  if (!hash) return true;
  return hash.N * hash.r * hash.p < params.N * params.r * params.p || hash.key.length < KEY_LENGTH;
}

/** A hash of a random password, verified against when an email is unknown so timing does not reveal it. */
const decoyHashes = new Map<ScryptParams, Promise<string>>();
export function getDecoyHash(params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  let decoy = decoyHashes.get(params);
  if (!decoy) {
    decoy = hashPassword(crypto.randomBytes(16).toString('hex'), params);
    decoyHashes.set(params, decoy);
  }
  return decoy;
}
