// Field speakers on a real IndexedDB implementation (fake-indexeddb): a speaker added offline is queued with their
// consent and its evidence in order, ahead of recordings; the evidence is sent as multipart with the entry's id as
// Idempotency-Key and leaves the phone only when the server confirms it (or the contributor gives the entry up);
// a withdrawal stops the phone recording them at once.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb } from './local-db.ts';
import { discardEntry, entriesOf, entryPath, nextSendable } from './outbox.ts';
import { confirmEntry } from './outbox-effects.ts';
import { JSON_SENDERS } from './outbox-kinds.ts';
import { mutation, subjects } from '../../core/api/mutations.ts';
import { addSpeaker, mayRecord, recordSpeakerConsent, withdrawSpeaker } from './speakers.ts';

let db: LocalDb;
let counter = 0;

beforeEach(async () => {
  db = new LocalDb(`speakers-test-${++counter}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const bytes = (text: string) => new TextEncoder().encode(text).buffer;
const elder = { name: 'Elder Quombo', ageGroup: '60+' as const, gender: null, dialect: 'Vorn hill' };

describe('field speakers on the phone', () => {
  it('queues the speaker, then their consent with its evidence, under one subject and ahead of recordings', async () => {
    const id = await addSpeaker(db, 'ana', elder, 1000);
    expect(mayRecord(await db.speakers.get(id))).toBe(false);
    await recordSpeakerConsent(
      db,
      'ana',
      id,
      'recording',
      [
        { kind: 'spoken', mimeType: 'audio/webm', data: bytes('said yes') },
        { kind: 'photo', mimeType: 'image/jpeg', data: bytes('signed form') },
      ],
      2000,
    );
    const entries = await entriesOf(db, 'ana');
    expect(entries.map((entry) => entry.kind)).toEqual([
      'speaker.create',
      'speaker.consent',
      'speaker.evidence',
    ]);
    expect(new Set(entries.map((entry) => entry.subject))).toEqual(new Set([subjects.speaker(id)]));
    // The consent goes before any clip (a lower phase); the second piece of evidence waits like audio.
    expect(mutation('speaker.create').phase).toBeLessThan(mutation('recording.upload').phase);
    expect(mutation('speaker.consent').phase).toBeLessThan(mutation('recording.upload').phase);
    expect(entries[0]!.body).toMatchObject({
      id,
      name: 'Elder Quombo',
      ageGroup: '60+',
      dialect: 'Vorn hill',
    });
    const speaker = await db.speakers.get(id);
    expect(speaker?.consent).toMatchObject({ type: 'recording', evidence: ['spoken', 'photo'] });
    expect(mayRecord(speaker)).toBe(true);
    expect(await db.speakerEvidence.count()).toBe(2);
  });

  it('sends the evidence as multipart with the Idempotency-Key, and keeps it until the server confirms', async () => {
    const id = await addSpeaker(db, 'ana', elder);
    await recordSpeakerConsent(db, 'ana', id, 'full', [
      { kind: 'spoken', mimeType: 'audio/webm', data: bytes('said yes') },
    ]);
    const consent = (await entriesOf(db, 'ana')).find((entry) => entry.kind === 'speaker.consent')!;
    const calls: { url: string; init: RequestInit }[] = [];
    const outcome = await JSON_SENDERS['speaker.consent']!(consent, {
      apiBase: '/api',
      db,
      session: { userId: 'ana', token: 'token' },
      now: () => 0,
      fetch: ((url: string, init: RequestInit) => {
        calls.push({ url, init });
        return Promise.resolve(
          new Response(JSON.stringify({ consentId: 'x', created: true }), { status: 200 }),
        );
      }) as typeof fetch,
    });
    expect(outcome.kind).toBe('confirmed');
    expect(calls[0]!.url).toBe(`/api/speakers/${id}/consent`);
    expect((calls[0]!.init.headers as Record<string, string>)['Idempotency-Key']).toBe(consent.id);
    const form = calls[0]!.init.body as FormData;
    expect(JSON.parse(form.get('consent') as string)).toMatchObject({ consentType: 'full', kind: 'spoken' });
    const file = form.get('evidence') as Blob;
    expect(await file.text()).toBe('said yes');
    // Still on the phone until the answer is applied.
    expect(await db.speakerEvidence.count()).toBe(1);
    await confirmEntry(db, consent, { consentId: 'x', created: true });
    expect(await db.speakerEvidence.count()).toBe(0);
  });

  it('refuses to send evidence that is gone, and deletes it when the contributor gives the entry up', async () => {
    const id = await addSpeaker(db, 'ana', elder);
    await recordSpeakerConsent(db, 'ana', id, 'full', [
      { kind: 'photo', mimeType: 'image/jpeg', data: bytes('signed form') },
    ]);
    const consent = (await entriesOf(db, 'ana')).find((entry) => entry.kind === 'speaker.consent')!;
    await discardEntry(db, consent.seq!);
    expect(await db.speakerEvidence.count()).toBe(0);
    const outcome = await JSON_SENDERS['speaker.consent']!(consent, {
      apiBase: '/api',
      db,
      session: { userId: 'ana', token: 'token' },
      now: () => 0,
      fetch: () => Promise.reject(new Error('not called')),
    });
    expect(outcome.kind).toBe('refused');
  });

  it("keeps a speaker's order whatever the phase: a withdrawal waits for the evidence given before it", async () => {
    const elderId = await addSpeaker(db, 'ana', elder);
    await recordSpeakerConsent(db, 'ana', elderId, 'recording', [
      { kind: 'spoken', mimeType: 'audio/webm', data: bytes('yes') },
      { kind: 'photo', mimeType: 'image/jpeg', data: bytes('signed form') },
    ]);
    await withdrawSpeaker(db, 'ana', elderId, 'Changed their mind');
    const otherId = await addSpeaker(db, 'ana', { ...elder, name: 'Elder Vintaro' });
    // Send as the sync engine does, one at a time, each gone once the server confirms it.
    const sent: string[] = [];
    for (
      let next = nextSendable(await entriesOf(db, 'ana'));
      next;
      next = nextSendable(await entriesOf(db, 'ana'))
    ) {
      sent.push(`${next.kind} ${next.subject === subjects.speaker(elderId) ? 'elder' : 'other'}`);
      await db.outbox.delete(next.seq);
    }
    // The other speaker's quick entry does not wait behind the elder's upload; the elder's withdrawal does.
    expect(sent).toEqual([
      'speaker.create elder',
      'speaker.consent elder',
      'speaker.create other',
      'speaker.evidence elder',
      'speaker.withdraw elder',
    ]);
    expect(otherId).not.toBe(elderId);
  });

  it('stops recording a speaker who withdrew, at once and offline', async () => {
    const id = await addSpeaker(db, 'ana', elder);
    await recordSpeakerConsent(db, 'ana', id, 'recording', [
      { kind: 'spoken', mimeType: 'audio/webm', data: bytes('yes') },
    ]);
    await withdrawSpeaker(db, 'ana', id, 'Changed their mind');
    expect(mayRecord(await db.speakers.get(id))).toBe(false);
    const last = (await entriesOf(db, 'ana')).at(-1)!;
    expect(last).toMatchObject({
      kind: 'speaker.withdraw',
      params: { id },
      body: { reason: 'Changed their mind' },
    });
    expect(entryPath(last)).toBe(`speakers/${id}/withdraw`);
  });
});
