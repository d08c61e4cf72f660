// What every dataset export shares: its name, the manifest, the file extension of stored audio, and the
// profile values as datasets write them (the platform's own, and Common Voice's vocabulary).
import { PREFER_NOT_TO_SAY, type AgeGroup } from '../../../core/api/auth.ts';
import type { PromptReportReason } from '../../../core/api/prompts.ts';
import {
  datasetName,
  type ExportKind,
  type ExportManifest,
  type ExportSet,
} from '../../../core/api/exports.ts';
import { CONTRIBUTION_LICENCE } from '../../../core/constants.ts';
import { rawTsvRow } from '../../../core/csv.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { storedAudioExtension } from '../recordings/audio-types.ts';
import type { ExportsRepository } from './exports.repository.ts';
import type { ZipArchive } from './zip-archive.ts';

export const LICENCE_URL = 'https://creativecommons.org/licenses/by-nc/4.0/';
export const LANGUAGE = { code: 'lpx', name: 'Lopit' } as const;

/** What an export builder works with. */
export interface ExportContext {
  repository: ExportsRepository;
  blobs: BlobStore;
  archive: ZipArchive;
  createdAt: Date;
  ffmpegPath: string;
  /** Aborted when the client goes away: builders stop early. */
  signal: AbortSignal;
}

export interface BuiltExport {
  /** Download name, e.g. lopit-asr-2026-05-01.zip. */
  fileName: string;
}

export { datasetName } from '../../../core/api/exports.ts';

/** A dataset TSV built in memory: header and rows written raw (core/csv.ts rawTsvRow), UTF-8. */
export function tsvBuffer(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): Buffer {
  return Buffer.from([header, ...rows].map((cells) => rawTsvRow(cells)).join(''), 'utf8');
}

export function manifestBuffer(manifest: ExportManifest): Buffer {
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
}

/** Common fields of every manifest. */
export function manifestBase(kind: ExportKind, createdAt: Date, set: ExportSet = 'accepted') {
  return {
    dataset: datasetName(kind, createdAt, set),
    kind,
    set,
    createdAt: createdAt.toISOString(),
    licence: CONTRIBUTION_LICENCE,
    licenceUrl: LICENCE_URL,
    licenceNote:
      'Contributed by members of the Lopit community for non-commercial use. Do not sell the data or use it commercially. Only contributions whose contributors consent at the time of export are included; consent may be withdrawn at any time, so use the latest export.',
    language: { ...LANGUAGE },
  };
}

/** Contributors per consent form version. */
export class ConsentVersions {
  private readonly byVersion = new Map<string, Set<string>>();

  add(version: string, userId: string): void {
    let users = this.byVersion.get(version);
    if (!users) this.byVersion.set(version, (users = new Set()));
    users.add(userId);
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries([...this.byVersion].sort().map(([version, users]) => [version, users.size]));
  }
}

export const audioExtension = (mimeType: string) => storedAudioExtension(mimeType) ?? 'bin';

/** A profile value as datasets write it: empty when not given or withheld. */
export function profileValue(value: string | null): string {
  return !value || value === PREFER_NOT_TO_SAY ? '' : value;
}

/**
 * Common Voice's age bracket of each age group of the platform (Common Voice: teens under 19, twenties 19-29,
 * thirties 30-39, fourties 40-49 as it spells it, fifties ... nineties). A group that spans two brackets takes
 * the one holding most of its years; 60+ takes the first of its brackets, as the group says no more.
 */
export const COMMON_VOICE_AGES: Record<Exclude<AgeGroup, typeof PREFER_NOT_TO_SAY>, string> = {
  '18-29': 'twenties', // 19-29; an 18-year-old is in Common Voice's teens
  '30-44': 'thirties', // 30-39; 40-44 are fourties
  '45-59': 'fifties', // 50-59; 45-49 are fourties
  '60+': 'sixties', // or seventies, eighties, nineties
};

/**
 * Common Voice's gender values (since its release 17): female_feminine, male_masculine, and do_not_wish_to_say for
 * a speaker who preferred not to say. Its list has no catch-all for the platform's "other", whose speakers may be
 * any of intersex, transgender or non-binary: they are written "other", Common Voice's own value until release 16.
 */
export const COMMON_VOICE_GENDERS: Record<string, string> = {
  female: 'female_feminine',
  male: 'male_masculine',
  other: 'other',
  [PREFER_NOT_TO_SAY]: 'do_not_wish_to_say',
};

/**
 * Common Voice's reasons for reporting a sentence (its reported.tsv), for each reason the platform offers: the
 * two lists say the same four things.
 */
export const COMMON_VOICE_REPORT_REASONS: Record<PromptReportReason, string> = {
  'hard-to-read': 'difficult-pronounce',
  offensive: 'offensive-language',
  'wrong-language': 'different-language',
  spelling: 'grammar-or-spelling',
};

export const commonVoiceAge = (value: string | null) =>
  (COMMON_VOICE_AGES as Record<string, string>)[value ?? ''] ?? '';
export const commonVoiceGender = (value: string | null) => COMMON_VOICE_GENDERS[value ?? ''] ?? '';

/** Seconds with millisecond precision. */
export const seconds = (value: number) => Math.round(value * 1000) / 1000;

export const hoursOf = (totalSeconds: number) => Math.round((totalSeconds / 3600) * 1000) / 1000;

/** Throws when the client has gone away (499, as proxies log a request the client closed; nobody reads it). */
export function checkAborted(signal: AbortSignal): void {
  if (signal.aborted)
    throw new AppError(499, 'The export was cancelled: the client went away.', 'CLIENT_CLOSED');
}

/** Stat calls in flight at once while checking that audio blobs are there. */
const BLOB_CHECK_CONCURRENCY = 64;

/**
 * The SHA-256s of these recordings whose audio is in the store. A recording whose blob is missing is left out
 * (and counted) rather than breaking the archive half-way.
 */
export async function presentBlobs(
  blobs: BlobStore,
  items: readonly { sha256: string }[],
): Promise<Set<string>> {
  const unique = [...new Set(items.map((item) => item.sha256))];
  const present = new Set<string>();
  for (let start = 0; start < unique.length; start += BLOB_CHECK_CONCURRENCY) {
    const slice = unique.slice(start, start + BLOB_CHECK_CONCURRENCY);
    const found = await Promise.all(slice.map((sha256) => blobs.exists(sha256)));
    slice.forEach((sha256, index) => found[index] && present.add(sha256));
  }
  return present;
}
