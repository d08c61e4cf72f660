// Field speakers on the phone (issue 16): adding one, recording their consent with its evidence, and their
// withdrawal, each kept here at once and sent through the outbox (so it all works with no signal for days).
// The speaker's entries share one subject and go in order: the speaker, their consent (with the spoken consent
// or the photo), a second piece of evidence, a withdrawal. Clips recorded as them wait behind the consent (its
// phase is lower), so the server has the consent before any clip made under it.
import type { AgeGroup, Gender } from '../../core/api/auth.ts';
import { consentCovers, typeGiving } from '../../core/api/consent.ts';
import type {
  ConsentEvidenceKind,
  Speaker,
  SpeakerConsentFields,
  SpeakerCreate,
} from '../../core/api/speakers.ts';
import { parseMutationResponse, subjects } from '../../core/api/mutations.ts';
import type { ConsentType } from '../../core/constants.ts';
import type { LocalDb, LocalSpeaker, OutboxEntry } from './local-db.ts';
import { enqueue } from './outbox.ts';

export const evidenceKey = (consentId: string, kind: ConsentEvidenceKind) => `${consentId}:${kind}`;

export interface NewSpeaker {
  name: string;
  ageGroup: AgeGroup | null;
  gender: Gender | null;
  dialect: string | null;
}

export interface CapturedEvidence {
  kind: ConsentEvidenceKind;
  mimeType: string;
  data: ArrayBuffer;
}

/** Adds a speaker on this phone and queues them for the server; returns their id. */
export async function addSpeaker(db: LocalDb, userId: string, speaker: NewSpeaker, now = Date.now()) {
  const id = crypto.randomUUID();
  const body: SpeakerCreate = { id, ...speaker, addedAt: new Date(now).toISOString() };
  await db.transaction('rw', [db.speakers, db.outbox], async () => {
    await db.speakers.add({
      id,
      userId,
      ...speaker,
      createdAt: now,
      consent: null,
      withdrawnAt: null,
      pseudonym: null,
      clips: 0,
    });
    await enqueue(db, userId, 'speaker.create', { params: {}, body }, undefined, { now });
  });
  return id;
}

/**
 * Records a speaker's consent on this phone with what shows it (one or two pieces of evidence), kept here until
 * the server confirms each; the speaker may be recorded from this moment.
 */
export async function recordSpeakerConsent(
  db: LocalDb,
  userId: string,
  speakerId: string,
  consentType: ConsentType,
  evidence: readonly CapturedEvidence[],
  now = Date.now(),
): Promise<void> {
  const [first, ...more] = evidence;
  if (!first) throw new Error('A consent needs a spoken consent or a photo of the signed form.');
  const consentId = crypto.randomUUID();
  await db.transaction('rw', [db.speakers, db.speakerEvidence, db.outbox], async () => {
    const speaker = await db.speakers.get(speakerId);
    if (!speaker) throw new Error('This speaker is not on this phone.');
    for (const item of evidence) {
      await db.speakerEvidence.put({
        key: evidenceKey(consentId, item.kind),
        speakerId,
        consentId,
        kind: item.kind,
        mimeType: item.mimeType,
        data: item.data,
        createdAt: now,
      });
    }
    await db.speakers.update(speakerId, {
      consent: { id: consentId, type: consentType, at: now, evidence: evidence.map((item) => item.kind) },
      withdrawnAt: null,
    });
    const fields: SpeakerConsentFields = {
      id: consentId,
      consentType,
      kind: first.kind,
      recordedAt: new Date(now).toISOString(),
    };
    await enqueue(
      db,
      userId,
      'speaker.consent',
      {
        params: { id: speakerId },
        body: {
          evidenceKey: evidenceKey(consentId, first.kind),
          fields: { consent: JSON.stringify(fields) },
        },
      },
      { name: speaker.name, kind: first.kind },
      { now },
    );
    for (const item of more) {
      await enqueue(
        db,
        userId,
        'speaker.evidence',
        {
          params: { id: speakerId, consentId, kind: item.kind },
          body: { evidenceKey: evidenceKey(consentId, item.kind), fields: {} },
        },
        { name: speaker.name },
        { now },
      );
    }
  });
}

/** The speaker withdrew: recorded here at once (no new clip of theirs), sent through the outbox. */
export async function withdrawSpeaker(
  db: LocalDb,
  userId: string,
  speakerId: string,
  reason: string,
  now = Date.now(),
): Promise<void> {
  await db.transaction('rw', [db.speakers, db.outbox], async () => {
    const speaker = await db.speakers.get(speakerId);
    if (!speaker) throw new Error('This speaker is not on this phone.');
    await db.speakers.update(speakerId, { withdrawnAt: now });
    await enqueue(
      db,
      userId,
      'speaker.withdraw',
      {
        params: { id: speakerId },
        body: {
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          withdrawnAt: new Date(now).toISOString(),
        },
      },
      { name: speaker.name },
      { now },
    );
  });
}

/** Whether a speaker may be recorded now (as this phone knows): consent covering recording, not withdrawn. */
export function mayRecord(speaker: LocalSpeaker | undefined): boolean {
  return Boolean(
    speaker &&
    speaker.consent &&
    consentCovers(speaker.consent.type).recording &&
    speaker.withdrawnAt === null,
  );
}

/** A speaker as the server knows them, kept on this phone (what the phone decided last stays until sent). */
export function fromServer(speaker: Speaker, userId: string, local: LocalSpeaker | undefined): LocalSpeaker {
  const consent = speaker.consent;
  const type = typeGiving(consent);
  return {
    id: speaker.id,
    userId,
    name: speaker.name,
    ageGroup: speaker.ageGroup,
    gender: speaker.gender,
    dialect: speaker.dialect,
    createdAt: Date.parse(speaker.createdAt),
    consent:
      local?.consent ??
      (type
        ? {
            id: null,
            type,
            at: Date.parse(consent.updatedAt ?? speaker.createdAt),
            evidence: speaker.evidence.map((e) => e.kind),
          }
        : null),
    withdrawnAt:
      local?.withdrawnAt ?? (speaker.withdrawn ? Date.parse(consent.updatedAt ?? speaker.createdAt) : null),
    pseudonym: speaker.pseudonym,
    clips: speaker.clips,
  };
}

/**
 * Merges the server's list into this phone's copy: speakers this account added elsewhere appear; what is still
 * waiting in the outbox about a speaker keeps the phone's view of them.
 */
export async function mergeServerSpeakers(
  db: LocalDb,
  userId: string,
  speakers: readonly Speaker[],
  waiting: readonly OutboxEntry[],
): Promise<void> {
  const pending = new Set(
    waiting.filter((entry) => entry.subject.startsWith('speaker:')).map((entry) => entry.subject),
  );
  await db.transaction('rw', db.speakers, async () => {
    for (const speaker of speakers) {
      const local = await db.speakers.get(speaker.id);
      const keepLocal = pending.has(subjects.speaker(speaker.id));
      await db.speakers.put(fromServer(speaker, userId, keepLocal ? local : undefined));
    }
  });
}

/** After the server confirmed a speaker entry: the kept evidence goes, the server's view is kept. */
export async function confirmSpeakerEntry(db: LocalDb, entry: SpeakerEntry, response: unknown) {
  if (entry.kind === 'speaker.consent' || entry.kind === 'speaker.evidence')
    await db.speakerEvidence.delete(entry.body.evidenceKey);
  const speaker = parseMutationResponse(entry.kind, response)?.speaker;
  if (!speaker) return;
  const local = await db.speakers.get(speaker.id);
  if (local) await db.speakers.update(speaker.id, { pseudonym: speaker.pseudonym, clips: speaker.clips });
}

type SpeakerEntry = Extract<
  OutboxEntry,
  { kind: 'speaker.create' | 'speaker.consent' | 'speaker.evidence' | 'speaker.withdraw' }
>;
