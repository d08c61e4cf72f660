// Field speakers (issue 16): a contributor adds a speaker who has no account, records their consent with a spoken
// recording or a photo of the signed form (checked by its bytes, kept once, seen by admins only), and records
// clips as that speaker through the resumable upload. The speaker's consent, not the contributor's, governs their
// clips: in the ASR export (their own pseudonymous client_id, so speaker-disjoint splits keep them apart), the
// dashboard's speaker figures, and, once they withdraw, nowhere. Their addition, consent and withdrawal keep when
// they happened on the phone (bounded) beside when they arrived; an older phone's, without the time, still work.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportSummary } from '../../core/api/exports.ts';
import { reviewPackSchema } from '../../core/api/review.ts';
import { recordingResponseSchema } from '../../core/api/recordings.ts';
import {
  speakerConsentResponseSchema,
  speakerResponseSchema,
  speakersResponseSchema,
} from '../../core/api/speakers.ts';
import {
  createAudioTestApp,
  form,
  opusOf,
  sha256,
  toneWav,
  tusCreate,
  tusSend,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { castVotes, type Auth } from './review-fixtures.ts';
import { asc, eq } from 'drizzle-orm';
import { consentStatusSchema } from '../../core/api/consent.ts';
import { consentEvents } from '../../server/db/schema.ts';
import { answer, DATABASE_KINDS, grantConsent, signUp, inspectionsDone } from './test-app.ts';
import { readZip } from './zip-reader.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

/** A 1x1 PNG: the smallest real image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(DATABASE_KINDS)('field speakers on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let field: Account; // the contributor with the phone: has given no consent of their own
  let other: Account;
  let listeners: Account[];
  const speakerId = crypto.randomUUID();
  const consentId = crypto.randomUUID();
  let spokenConsent: Buffer;
  const clips: string[] = [];

  const addSpeaker = (auth: Auth, body: Record<string, unknown>, key = crypto.randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/speakers',
      headers: { ...auth, 'idempotency-key': key },
      payload: body,
    });

  const sendConsent = (
    auth: Auth,
    fields: Record<string, unknown>,
    file: Buffer,
    key = crypto.randomUUID(),
  ) => {
    const body = form(
      { consent: JSON.stringify(fields) },
      { name: 'evidence', bytes: file, fileName: 'consent' },
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/speakers/${speakerId}/consent`,
      headers: { ...auth, ...body.headers, 'idempotency-key': key },
      payload: body.payload,
    });
  };

  /** A clip recorded as the speaker, through tus as the phone sends it. */
  const recordAs = async (app: FastifyInstance, auth: Auth, transcript: string) => {
    const bytes = opusOf(toneWav(1.2, { frequency: 200 + crypto.randomInt(500) }));
    const recordingId = crypto.randomUUID();
    const created = await tusCreate(app, auth, bytes.length, {
      recordingId,
      fileName: 'clip.ogg',
      sha256: sha256(bytes),
      transcript,
      language: 'lpx',
      speakerId,
    });
    if (created.statusCode !== 201) return created;
    const done = await tusSend(app, auth, created.headers.location as string, bytes);
    await inspectionsDone(app); // counted and exported once inspected
    return done;
  };

  const summary = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/exports', headers: admin.auth });
    expect(response.statusCode, response.body).toBe(200);
    return (JSON.parse(response.body) as ExportSummary).asr;
  };

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin Quorra' });
    field = await signUp(t.app, { name: 'Tembo Field' });
    other = await signUp(t.app, { name: 'Nalu Other' });
    listeners = [await signUp(t.app, { name: 'Erwa Pimsel' }), await signUp(t.app, { name: 'Finnu Darl' })];
    spokenConsent = opusOf(toneWav(2, { frequency: 330 }));
  });
  afterAll(() => t.close());

  it('adds a speaker once under the phone id, seen by who added them only, and refuses bad input', async () => {
    const key = crypto.randomUUID();
    const body = {
      id: speakerId,
      name: 'Grandmother Zilvo',
      ageGroup: '60+',
      gender: 'female',
      dialect: 'Vorn hill',
    };
    const first = await addSpeaker(field.auth, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const { speaker } = answer(first, speakerResponseSchema);
    expect(speaker).toMatchObject({ id: speakerId, name: 'Grandmother Zilvo', withdrawn: false, clips: 0 });
    expect(speaker.consent.recording).toBe(false);
    expect(speaker.pseudonym).toMatch(/^F-[0-9a-f]{10}$/);
    expect(speaker.pseudonym).not.toContain('Zilvo');
    // The outbox replays it: the same answer, no second speaker.
    const again = await addSpeaker(field.auth, body, key);
    expect(answer(again, speakerResponseSchema).speaker.pseudonym).toBe(speaker.pseudonym);
    // A new request with the same id (the phone lost the answer and sent again under another key) finds it too.
    expect((await addSpeaker(field.auth, body)).statusCode).toBe(200);
    // Another contributor cannot take the id, nor see or use the speaker.
    expect((await addSpeaker(other.auth, body)).statusCode).toBe(409);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/speakers', headers: other.auth });
    expect(answer(theirs, speakersResponseSchema).speakers).toEqual([]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/speakers', headers: field.auth });
    expect(answer(mine, speakersResponseSchema).speakers.map((s) => s.id)).toEqual([speakerId]);

    for (const bad of [
      { ...body, id: crypto.randomUUID(), name: 'Nul\u0000name' },
      { ...body, id: crypto.randomUUID(), name: 'x'.repeat(81) },
      { ...body, id: crypto.randomUUID(), name: '   ' },
      { ...body, id: crypto.randomUUID(), ageGroup: '10-12' },
      { ...body, id: 'not-a-uuid' },
    ]) {
      const refused = await addSpeaker(field.auth, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(
      answer(
        await t.app.inject({ method: 'GET', url: '/api/speakers', headers: field.auth }),
        speakersResponseSchema,
      ).speakers,
    ).toHaveLength(1);
  });

  it('refuses clips of the speaker before their consent is recorded', async () => {
    const refused = await recordAs(t.app, field.auth, 'zorbel kanta');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'CONSENT_REQUIRED' });
  });

  it('keeps a spoken consent once, checked by its bytes, and a photo of the form beside it', async () => {
    // Not audio: refused, nothing kept.
    const notAudio = await sendConsent(
      field.auth,
      { id: consentId, consentType: 'recording', kind: 'spoken' },
      PNG,
    );
    expect(notAudio.statusCode, notAudio.body).toBe(415);
    expect(JSON.parse(notAudio.body)).toMatchObject({ code: 'UNSUPPORTED_AUDIO' });
    // Someone else's speaker: not found.
    const stranger = await sendConsent(
      other.auth,
      { id: consentId, consentType: 'recording', kind: 'spoken' },
      spokenConsent,
    );
    expect(stranger.statusCode).toBe(404);

    const key = crypto.randomUUID();
    const fields = { id: consentId, consentType: 'full', kind: 'spoken' };
    const first = await sendConsent(field.auth, fields, spokenConsent, key);
    expect(first.statusCode, first.body).toBe(200);
    const granted = answer(first, speakerConsentResponseSchema);
    expect(granted).toMatchObject({ consentId, created: true });
    expect(granted.speaker.consent).toMatchObject({ recording: true, translation: true });
    expect(granted.speaker.evidence.map((e) => e.kind)).toEqual(['spoken']);
    // Replayed by the outbox (same key), or sent again under a new key: one consent, one piece of evidence.
    expect(
      answer(await sendConsent(field.auth, fields, spokenConsent, key), speakerConsentResponseSchema).speaker
        .evidence,
    ).toHaveLength(1);
    const resent = answer(await sendConsent(field.auth, fields, spokenConsent), speakerConsentResponseSchema);
    expect(resent.created).toBe(false);
    expect(resent.speaker.evidence).toHaveLength(1);

    // The photo of the signed form, for the same consent.
    const photoForm = form({}, { name: 'evidence', bytes: PNG, fileName: 'form.png' });
    const photo = await t.app.inject({
      method: 'POST',
      url: `/api/speakers/${speakerId}/consent/${consentId}/evidence/photo`,
      headers: { ...field.auth, ...photoForm.headers, 'idempotency-key': crypto.randomUUID() },
      payload: photoForm.payload,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(answer(photo, speakerConsentResponseSchema).speaker.evidence.map((e) => e.kind)).toEqual([
      'spoken',
      'photo',
    ]);
    // Evidence for a consent that was never sent.
    const orphan = await t.app.inject({
      method: 'POST',
      url: `/api/speakers/${speakerId}/consent/${crypto.randomUUID()}/evidence/photo`,
      headers: { ...field.auth, ...photoForm.headers },
      payload: photoForm.payload,
    });
    expect(orphan.statusCode).toBe(404);
  });

  it('lets admins alone open the evidence', async () => {
    const list = answer(
      await t.app.inject({ method: 'GET', url: '/api/admin/speakers', headers: admin.auth }),
      speakersResponseSchema,
    ).speakers;
    const speaker = list.find((s) => s.id === speakerId)!;
    expect(speaker.addedBy).toEqual({ id: field.user.id, name: 'Tembo Field' });
    const spoken = speaker.evidence.find((e) => e.kind === 'spoken')!;
    const url = `/api/admin/speakers/${speakerId}/evidence/${spoken.id}`;
    const file = await t.app.inject({ method: 'GET', url, headers: admin.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^audio\/ogg/);
    expect(sha256(file.rawPayload)).toBe(sha256(spokenConsent));
    expect((await t.app.inject({ method: 'GET', url, headers: field.auth })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/speakers', headers: field.auth })).statusCode,
    ).toBe(403);
  });

  it('attributes clips to the speaker, whose consent governs them in exports and the dashboard', async () => {
    // The account holder has given no recording consent of their own: the speaker's is what counts.
    for (const transcript of ['zorbel kanta', 'mebbo tash vorn']) {
      const stored = await recordAs(t.app, field.auth, transcript);
      expect(stored.statusCode, stored.body).toBe(201);
      const recordingId = stored.headers['recording-id'] as string;
      clips.push(recordingId);
      const recording = answer(
        await t.app.inject({
          method: 'GET',
          url: `/api/audio/recordings/${recordingId}`,
          headers: field.auth,
        }),
        recordingResponseSchema,
      ).recording;
      expect(recording).toMatchObject({ speakerId, ownerId: field.user.id });
      await castVotes(
        t.app,
        recordingId,
        listeners.map((who) => [who.auth, 'up'] as [Auth, 'up']),
      );
    }
    // The contributor's own clip as themselves still needs their own consent.
    await grantConsent(t.app, other.auth, 'recording');

    const asr = await summary();
    expect(asr.clips).toBe(2);
    expect(asr.speakers).toBe(1);
    const zip = await t.app.inject({
      method: 'GET',
      url: '/api/admin/exports/asr.zip?audio=original',
      headers: admin.auth,
    });
    expect(zip.statusCode).toBe(200);
    const entries = readZip(zip.rawPayload);
    const validated = [...entries.entries()]
      .find(([name]) => name.endsWith('/validated.tsv'))![1]
      .data.toString('utf8');
    const [header, ...rows] = validated.trim().split('\n');
    const columns = header!.split('\t');
    const clientIds = new Set(rows.map((row) => row.split('\t')[columns.indexOf('client_id')]));
    expect(clientIds.size).toBe(1);
    // Neither the name, nor the speaker's id, nor the account of who recorded them.
    for (const secret of ['Zilvo', speakerId, field.user.id, 'Tembo'])
      expect(validated).not.toContain(secret);
    expect(rows.every((row) => row.split('\t')[columns.indexOf('age')] === 'sixties')).toBe(true);

    const stats = await t.app.inject({ method: 'GET', url: '/api/data/statistics', headers: admin.auth });
    expect(JSON.parse(stats.body)).toMatchObject({ totalSpeakers: 1, totalRecordings: 2 });
  });

  /** The clip ids of a listener's review pack. */
  const packOf = async (auth: Auth) =>
    answer(
      await t.app.inject({ method: 'GET', url: '/api/review/clips', headers: auth }),
      reviewPackSchema,
    ).clips.map((clip) => clip.id);

  it('records a withdrawal by who added them (or an admin), after which their clips are used nowhere', async () => {
    // A clip waiting for votes is offered to listeners while the speaker consents.
    const stored = await recordAs(t.app, field.auth, 'plimbo vorn');
    expect(stored.statusCode, stored.body).toBe(201);
    const waiting = stored.headers['recording-id'] as string;
    expect(await packOf(other.auth)).toContain(waiting);

    const byOther = await t.app.inject({
      method: 'POST',
      url: `/api/speakers/${speakerId}/withdraw`,
      headers: other.auth,
      payload: {},
    });
    expect(byOther.statusCode).toBe(404);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/speakers/${speakerId}/withdraw`,
      headers: { ...field.auth, 'idempotency-key': crypto.randomUUID() },
      payload: { reason: 'Asked at the second visit' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(answer(withdrawn, speakerResponseSchema).speaker).toMatchObject({
      withdrawn: true,
      consent: { recording: false, translation: false },
      clips: 3,
    });
    const asr = await summary();
    expect(asr.clips).toBe(0);
    expect(asr.speakers).toBe(0);
    const stats = await t.app.inject({ method: 'GET', url: '/api/data/statistics', headers: admin.auth });
    expect(JSON.parse(stats.body)).toMatchObject({ totalSpeakers: 0, totalRecordings: 0 });
    // Their clips are no longer offered to listeners, and no new clip of theirs is accepted.
    expect(await packOf(other.auth)).not.toContain(waiting);
    const refused = await recordAs(t.app, field.auth, 'zorbel kanta');
    expect(refused.statusCode).toBe(403);
  });

  it('keeps when a speaker was added, consented and withdrew on the phone, beside when each arrived', async () => {
    const sent = Date.now();
    const ago = (hours: number) => new Date(sent - hours * 3_600_000).toISOString();
    const timed = crypto.randomUUID();
    const consent = crypto.randomUUID();
    const added = await addSpeaker(field.auth, { id: timed, name: 'Aunt Velmo', addedAt: ago(30) });
    expect(added.statusCode, added.body).toBe(200);
    const speakerAdded = answer(added, speakerResponseSchema).speaker;
    expect(speakerAdded.addedAt).toBe(ago(30));
    expect(Date.parse(speakerAdded.createdAt)).toBeGreaterThanOrEqual(sent - 1000);

    const body = form(
      { consent: JSON.stringify({ id: consent, consentType: 'full', kind: 'spoken', recordedAt: ago(29) }) },
      { name: 'evidence', bytes: spokenConsent, fileName: 'consent' },
    );
    const granted = await t.app.inject({
      method: 'POST',
      url: `/api/speakers/${timed}/consent`,
      headers: { ...field.auth, ...body.headers, 'idempotency-key': crypto.randomUUID() },
      payload: body.payload,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(answer(granted, speakerConsentResponseSchema).speaker.consent).toMatchObject({
      recording: true,
      updatedAt: ago(29),
    });

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/speakers/${timed}/withdraw`,
      headers: { ...field.auth, 'idempotency-key': crypto.randomUUID() },
      payload: { withdrawnAt: ago(2) },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(answer(withdrawn, speakerResponseSchema).speaker.consent).toMatchObject({
      recording: false,
      updatedAt: ago(2),
    });
    // The ledger keeps both times: when it happened on the phone, and when it arrived.
    const rows = await t.database.db
      .select({
        action: consentEvents.action,
        occurredAt: consentEvents.occurredAt,
        createdAt: consentEvents.createdAt,
      })
      .from(consentEvents)
      .where(eq(consentEvents.speakerId, timed))
      .orderBy(asc(consentEvents.id));
    expect(rows.map((row) => [row.action, row.occurredAt?.toISOString()])).toEqual([
      ['grant', ago(29)],
      ['withdraw', ago(2)],
    ]);
    for (const row of rows) expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(sent - 1000);
  });

  it('keeps the arrival time alone for an older phone (no time) and for a clock far ahead or absurdly old', async () => {
    const sent = Date.now();
    const cases = [
      { addedAt: undefined, recordedAt: undefined },
      {
        addedAt: new Date(sent + 3 * 86_400_000).toISOString(),
        recordedAt: new Date(sent + 3 * 86_400_000).toISOString(),
      },
      { addedAt: '1999-12-31T23:00:00Z', recordedAt: '1999-12-31T23:00:00Z' },
    ];
    for (const times of cases) {
      const id = crypto.randomUUID();
      const added = await addSpeaker(field.auth, { id, name: 'Uncle Drovi', addedAt: times.addedAt });
      expect(added.statusCode, added.body).toBe(200);
      expect(answer(added, speakerResponseSchema).speaker.addedAt).toBeNull();
      const body = form(
        {
          consent: JSON.stringify({
            id: crypto.randomUUID(),
            consentType: 'recording',
            kind: 'spoken',
            ...(times.recordedAt ? { recordedAt: times.recordedAt } : {}),
          }),
        },
        { name: 'evidence', bytes: spokenConsent, fileName: 'consent' },
      );
      const granted = await t.app.inject({
        method: 'POST',
        url: `/api/speakers/${id}/consent`,
        headers: { ...field.auth, ...body.headers, 'idempotency-key': crypto.randomUUID() },
        payload: body.payload,
      });
      expect(granted.statusCode, granted.body).toBe(200);
      const { consent } = answer(granted, speakerConsentResponseSchema).speaker;
      expect(consent.recording).toBe(true);
      // The arrival: within this test's run.
      expect(Date.parse(consent.updatedAt!)).toBeGreaterThanOrEqual(sent - 1000);
      expect(Date.parse(consent.updatedAt!)).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it("keeps when an account's consent was given and withdrawn on the phone", async () => {
    const sent = Date.now();
    const ago = (hours: number) => new Date(sent - hours * 3_600_000).toISOString();
    const someone = await signUp(t.app, { name: 'Pellu Ravan' });
    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...someone.auth, 'idempotency-key': crypto.randomUUID() },
        payload,
      });
    const given = await post('/api/consent/submit', { consent_type: 'full', givenAt: ago(5) });
    expect(given.statusCode, given.body).toBe(200);
    expect(answer(given, consentStatusSchema)).toMatchObject({ recording: true, updatedAt: ago(5) });
    const status = await t.app.inject({ method: 'GET', url: '/api/consent/status', headers: someone.auth });
    expect(answer(status, consentStatusSchema).updatedAt).toBe(ago(5));
    const withdrawn = await post('/api/consent/withdraw', { withdrawnAt: ago(1) });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(answer(withdrawn, consentStatusSchema)).toMatchObject({ recording: false, updatedAt: ago(1) });
    // An older phone's, without the time: the arrival.
    const again = await post('/api/consent/submit', { consent_type: 'recording' });
    expect(Date.parse(answer(again, consentStatusSchema).updatedAt!)).toBeGreaterThanOrEqual(sent - 1000);
    const bare = await post('/api/consent/withdraw', {});
    expect(bare.statusCode, bare.body).toBe(200);
  });
});
