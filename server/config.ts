// Server configuration: read from the environment once at start-up, validated, typed.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseS3Url } from './lib/blob-store/s3-url.ts';
import {
  AUDIO_DEFAULT_MAX_BYTES,
  AUTH_RATE_LIMIT_PER_MINUTE,
  RECORDING_MAX_SECONDS,
} from '../core/constants.ts';

const intFromEnv = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A whole number from `min` to `max`, or unset (absent or empty: the code decides the default). */
const optionalIntFromEnv = (min: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(min)
    .max(max)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** The address ranges proxy-addr (behind Fastify's trustProxy) knows by name. */
const NAMED_PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One proxy address as Fastify's trustProxy takes it: an IP, an IP/prefix range, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const TRUST_PROXY_HELP =
  'give the addresses of the proxies in front of the server, separated by commas: IPs, CIDR ranges, or ' +
  'loopback, linklocal, uniquelocal (e.g. loopback for a proxy on the same machine); or false for none';

/**
 * TRUST_PROXY as Fastify's trustProxy takes it: false (no proxy: the connection's address is the client's) or
 * the proxies' addresses, from which X-Forwarded-For is believed. `true` trusts every hop, so a client writing
 * its own X-Forwarded-For would choose its address and escape every per-address limit; a hop count cannot tell
 * the proxy from a client connecting directly, and Fastify (since 5.12.1) trusts nothing for one. Both are
 * refused rather than taken to mean something else.
 */
const trustProxySchema = z
  .string()
  .max(4096)
  .default('false')
  .transform((raw, ctx): false | string[] => {
    const value = raw.trim().toLowerCase();
    if (value === '' || value === 'false') return false;
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message: `${message}; ${TRUST_PROXY_HELP}` });
      return z.NEVER;
    };
    if (value === 'true')
      return refuse('true would trust every hop, letting any client choose its address with X-Forwarded-For');
    if (/^\d+$/.test(value))
      return refuse(
        'a hop count cannot tell the proxy from a client connecting directly and is not supported',
      );
    const entries = value.split(',').map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isProxyAddress(entry));
    if (invalid.length > 0)
      return refuse(
        `not a proxy address: ${invalid.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ')}`,
      );
    return entries;
  });

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STATIC_DIR: z.string().default('./dist'),
  /**
   * Where recordings, models, evidence, pictures, the speech cache and the family data live: empty for DATA_DIR,
   * or an S3-compatible store, s3://bucket/prefix (region, credentials and endpoint from the AWS SDK's environment).
   */
  BLOB_STORE: z
    .string()
    .max(300)
    .default('')
    .superRefine((value, ctx) => {
      if (value === '') return;
      try {
        parseS3Url(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  /** Path-style S3 addresses (http://host/bucket/key), which most self-hosted stores need. */
  BLOB_STORE_S3_PATH_STYLE: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  /**
   * A PGlite data folder a server has migrated (its DATA_DIR/db): an embedded database not made yet starts as a
   * copy of it, as an installation of its own, in a second instead of initdb and every migration (tests' servers).
   */
  PGLITE_TEMPLATE: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySchema,
  AUTH_RATE_LIMIT_PER_MINUTE: intFromEnv(AUTH_RATE_LIMIT_PER_MINUTE),
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: intFromEnv(60),
  AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: intFromEnv(20),
  PUBLIC_RATE_LIMIT_PER_MINUTE: intFromEnv(300),
  /** A request body of which nothing arrives for this long is cut (2G links stall for seconds, not minutes). */
  REQUEST_IDLE_TIMEOUT_MS: intFromEnv(60_000),
  /** Once REQUEST_IDLE_TIMEOUT_MS has passed, a request body arriving slower than this on average is cut. */
  REQUEST_BODY_MIN_BYTES_PER_SECOND: intFromEnv(256),
  /** Largest audio upload accepted, in bytes (tus and multipart). */
  AUDIO_MAX_BYTES: intFromEnv(AUDIO_DEFAULT_MAX_BYTES),
  /** Recordings longer than this are flagged too long; up to twice this is accepted. */
  AUDIO_MAX_SECONDS: intFromEnv(RECORDING_MAX_SECONDS),
  /** ffmpeg used to decode audio for duration and levels; without it only WAV levels are measured. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  /** inline: one training worker runs in the server process; off: jobs wait for `npm run worker` or external workers. */
  TRAINING_WORKER: z.enum(['inline', 'off']).default('inline'),
  /**
   * inline: the server process inspects uploaded audio (decodes and measures it) after answering the upload;
   * off: recordings wait 'inspecting' for `npm run worker` or another server (issue 33).
   */
  INSPECTION_WORKER: z.enum(['inline', 'off']).default('inline'),
  /** Inspections one process runs at once. Unset: the cores left over beside the server's own thread (cores - 1, at least 1). */
  INSPECTION_CONCURRENCY: optionalIntFromEnv(1, 64),
  /**
   * Admission control (server/lib/admission.ts): database-bound API requests running at once, waiting in line,
   * and how long one may wait before it is answered 503 with Retry-After. Unset: sized for the database in use.
   */
  ADMISSION_MAX_IN_FLIGHT: optionalIntFromEnv(1, 10_000),
  ADMISSION_MAX_QUEUE: optionalIntFromEnv(0, 100_000),
  ADMISSION_MAX_WAIT_MS: optionalIntFromEnv(1, 600_000),
  /**
   * owasp (always, in use): scrypt at OWASP's cost (server/features/auth/password.ts). fast-for-tests-only: the
   * test suite's own servers, with a thousandth of the work; the server warns at every start while it is set.
   */
  PASSWORD_HASHING: z.enum(['owasp', 'fast-for-tests-only']).default('owasp'),
  PUBLIC_APP_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DATA_DIR' | 'STATIC_DIR'> & {
  DATA_DIR: string;
  STATIC_DIR: string;
};

export class ConfigError extends Error {}

/** The settings file read at start from the folder the server starts in (see .env.example). */
export const ENV_FILE = '.env';

/**
 * Reads `.env` from the current folder when there is one: its settings apply where the environment does not
 * already set them (the environment wins, as with Node's --env-file). Answers whether a file was read.
 */
export function readEnvFile(file = path.resolve(ENV_FILE)): boolean {
  if (!fs.existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

/** Parses and validates the environment; paths become absolute. Throws ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    STATIC_DIR: path.resolve(parsed.data.STATIC_DIR),
  };
}
