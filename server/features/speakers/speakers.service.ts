// The rules of field speakers (issue 16): only who added a speaker (or an admin) acts for them, a phone's id names
// one speaker and one consent, evidence must decode as what it claims to be, and evidence joins a consent that
// exists. The routes parse the request and answer; these run on the repositories they are given (an idempotent
// request's transaction, or the database).
import type { z } from 'zod';
import type { User } from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { plausibleRecordedAt } from '../../../core/api/recordings.ts';
import {
  CONSENT_EVIDENCE_AUDIO_MAX_BYTES,
  type ConsentEvidenceKind,
  type Speaker,
  type SpeakerConsentFields,
  type speakerCreateSchema,
} from '../../../core/api/speakers.ts';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../errors.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { decoders } from '../../lib/concurrency.ts';
import type { Repositories, TransactionRepositories } from '../../lib/repositories.ts';
import { inspectAudio } from '../recordings/inspect-audio.ts';
import { checkPhoto } from './evidence-photo.ts';

export const SPEAKER_NOT_FOUND = 'This speaker was not found on your account.';

/** A kept evidence file, as the routes received and checked it. */
export interface EvidenceFile {
  sha256: string;
  size: number;
  mimeType: string;
}

/** What a consent or evidence request answers. */
export interface ConsentAnswer {
  speaker: Speaker;
  consentId: string;
  created: boolean;
}

/** The speaker if this user may act for them (who added them, or an admin); else not found, to anyone else. */
export async function speakerFor(repositories: TransactionRepositories, id: string, user: User) {
  const row = await repositories.speakers.find(id);
  if (!row || (row.addedBy !== user.id && user.role !== 'admin')) throw notFound(SPEAKER_NOT_FOUND);
  return row;
}

async function shown(repositories: TransactionRepositories, id: string): Promise<Speaker> {
  const speaker = await repositories.speakers.one(id);
  if (!speaker) throw notFound(SPEAKER_NOT_FOUND);
  return speaker;
}

/** Adds a speaker under the phone's id; the same id sent again answers the same speaker, another's is a clash. */
export async function addSpeaker(
  repositories: TransactionRepositories,
  user: User,
  { addedAt, ...fields }: z.output<typeof speakerCreateSchema>,
): Promise<{ speaker: Speaker }> {
  const { row } = await repositories.speakers.create(
    { ...fields, addedAt: plausibleRecordedAt(addedAt, Date.now()) },
    user.id,
  );
  if (row.addedBy !== user.id)
    throw new AppError(409, 'Another speaker already has this id.', ERROR_CODES.conflict);
  return { speaker: await shown(repositories, row.id) };
}

/** Records a speaker's consent under the phone's id with the evidence that shows it. */
export async function grantConsent(
  repositories: TransactionRepositories,
  user: User,
  speakerId: string,
  consent: SpeakerConsentFields,
  file: EvidenceFile,
): Promise<ConsentAnswer> {
  const speaker = await speakerFor(repositories, speakerId, user);
  const granted = await repositories.speakers.grant(
    speaker.id,
    consent.id,
    consent.consentType,
    user.id,
    plausibleRecordedAt(consent.recordedAt, Date.now()),
  );
  if (!granted) throw new AppError(409, 'Another consent already has this id.', ERROR_CODES.conflict);
  const added = await repositories.speakers.addEvidence(granted.eventId, {
    kind: consent.kind,
    mimeType: file.mimeType,
    sizeBytes: file.size,
    sha256: file.sha256,
  });
  return {
    speaker: await shown(repositories, speaker.id),
    consentId: consent.id,
    created: granted.created || added,
  };
}

/** Adds another piece of evidence to a consent already recorded. */
export async function addConsentEvidence(
  repositories: TransactionRepositories,
  speakerId: string,
  consentId: string,
  kind: ConsentEvidenceKind,
  file: EvidenceFile,
): Promise<ConsentAnswer> {
  const eventId = await repositories.speakers.consentEvent(speakerId, consentId);
  if (eventId === null) throw notFound('This consent was not found. Send the consent first.');
  const created = await repositories.speakers.addEvidence(eventId, {
    kind,
    mimeType: file.mimeType,
    sizeBytes: file.size,
    sha256: file.sha256,
  });
  return { speaker: await shown(repositories, speakerId), consentId, created };
}

/** The speaker withdrew, as the contributor who added them (or an admin) records it. */
export async function withdrawSpeaker(
  repositories: TransactionRepositories,
  user: User,
  speakerId: string,
  reason: string | null,
  /** When it was recorded on the phone, as sent (bounded here). */
  withdrawnAt?: string,
): Promise<{ speaker: Speaker }> {
  const speaker = await speakerFor(repositories, speakerId, user);
  await repositories.speakers.withdraw(
    speaker.id,
    user.id,
    reason,
    plausibleRecordedAt(withdrawnAt, Date.now()),
  );
  return { speaker: await shown(repositories, speaker.id) };
}

/**
 * Checks an evidence file by decoding it, and answers the type it is kept and served as: a spoken consent must
 * decode as audio (the recordings' own inspection; an audio type even when the container sniffs as video/webm),
 * a photo of the form as a whole image of bounded size. Nothing is kept of a file refused here.
 */
export async function evidenceType(
  filePath: string,
  size: number,
  kind: ConsentEvidenceKind,
  config: Config,
): Promise<string> {
  if (kind === 'photo') return checkPhoto(filePath, size, { ffmpegPath: config.FFMPEG_PATH });
  if (size > CONSENT_EVIDENCE_AUDIO_MAX_BYTES)
    throw new AppError(413, 'This spoken consent is too large.', ERROR_CODES.fileTooLarge);
  const inspection = await decoders.run(() =>
    inspectAudio(filePath, { ffmpegPath: config.FFMPEG_PATH, maxSeconds: config.AUDIO_MAX_SECONDS }),
  );
  return inspection.mimeType;
}

/**
 * Checks a received evidence file by its bytes (evidenceType), keeps it in the evidence store and runs `record`
 * with it (the rows, in the caller's idempotent transaction). A kept file no row names is removed again when
 * `record` fails; the received file stays where it is (the caller removes it).
 */
export async function keepEvidence<T>(
  received: { path: string; sha256: string; size: number },
  kind: ConsentEvidenceKind,
  context: { config: Config; store: BlobStore; repositories: Repositories },
  record: (file: EvidenceFile) => Promise<T>,
): Promise<T> {
  const mimeType = await evidenceType(received.path, received.size, kind, context.config);
  await context.store.put(received.path, { keepSource: true });
  try {
    return await record({ sha256: received.sha256, size: received.size, mimeType });
  } catch (error) {
    if (!(await context.repositories.speakers.evidenceUsesFile(received.sha256)))
      await context.store.delete(received.sha256).catch(() => undefined);
    throw error;
  }
}

/** One kept piece of evidence of a speaker's consent, for an admin. */
export async function evidenceOf(repositories: Repositories, speakerId: string, evidenceId: number) {
  const found = await repositories.speakers.evidence(speakerId, evidenceId);
  if (!found) throw notFound('This evidence was not found.');
  return found;
}
