// @vitest-environment happy-dom
// 'Your Recordings' (Testing Library, IndexedDB by fake-indexeddb): each row says what was said, who spoke and
// in which language, not just "recording-….webm": offline from what the phone holds, and for recordings the
// server holds, with the speakers' names and the English sentences kept on the phone.
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Recording } from '../../../core/api/recordings.ts';
import { authStore } from '../../lib/auth-store.ts';
import { localDb } from '../../offline/local-db.ts';
import { appendChunk, createDraft, saveDraft } from './local-recordings.ts';
import { RecordingsList } from './recordings-list.tsx';
import { testSpeaker, testUser } from '../../test-support/client-fixtures.ts';

const USER = testUser('user-rec', 'Tester');
const ELDER = testSpeaker(USER.id, { id: '0b6f3c1e-8d2a-4e5f-9a7b-1c2d3e4f5a6b' });

const quality = {
  tooShort: false,
  tooLong: false,
  silent: false,
  quiet: false,
  clipped: false,
  peakDb: -6,
  rmsDb: -20,
  clippedRatio: 0,
  levelsMeasured: true,
};
const stored = (id: string, extra: Partial<Recording>): Recording => ({
  id,
  fileName: `recording-${id}.webm`,
  title: null,
  duration: 2,
  createdAt: '2026-11-02T10:00:00.000Z',
  recordedAt: '2026-11-02T09:00:00.000Z',
  mimeType: 'audio/webm',
  sizeBytes: 100,
  sha256: 'a'.repeat(64),
  transcript: null,
  language: 'lpx',
  promptPairId: null,
  promptSentenceId: null,
  codec: 'opus',
  sampleRate: 48000,
  channels: 1,
  quality,
  inspection: 'inspected',
  inspectionError: null,
  ownerId: USER.id,
  ownerName: USER.name,
  speakerId: null,
  sourcePairId: null,
  pictureId: null,
  kind: 'clip',
  story: null,
  segment: null,
  repeatsId: null,
  ...extra,
});

function serverAnswers(recordings: Recording[]) {
  vi.stubGlobal('fetch', (input: Request | string) => {
    const url = typeof input === 'string' ? input : input.url;
    if (url.includes('/api/audio/recordings'))
      return Promise.resolve(Response.json({ recordings, total: recordings.length, page: 1 }));
    // The speakers' list and anything else: no signal.
    return Promise.reject(new TypeError('Failed to fetch'));
  });
}

const rowText = async (index: number) => {
  await waitFor(() => expect(screen.getAllByTestId('recording-row').length).toBeGreaterThan(index));
  return screen.getAllByTestId('recording-row')[index]!;
};

beforeEach(async () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  authStore.signIn('t'.repeat(43), USER, false);
  const db = localDb();
  await Promise.all([
    db.recordings.clear(),
    db.recordingChunks.clear(),
    db.speakers.clear(),
    db.pairs.clear(),
    db.pictures.clear(),
  ]);
  await db.speakers.put(ELDER);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.clear();
});

describe('Your Recordings', () => {
  it('offline: says the sentence read, the field speaker and the language of a recording on the phone', async () => {
    const id = await createDraft(USER.id, {
      fileName: 'recording-2026-11-02.webm',
      title: null,
      transcript: 'Zorbel fentu marak.',
      language: 'lpx',
      promptPairId: 4,
      mimeType: 'audio/webm',
      speakerId: ELDER.id,
    });
    await appendChunk(id, 0, new Uint8Array([1, 2, 3]).buffer);
    await saveDraft(id, { durationSeconds: 2 });
    render(<RecordingsList userId={USER.id} />);
    const row = await rowText(0);
    await waitFor(() => expect(row.textContent).toContain('“Zorbel fentu marak.”'));
    expect(within(row).getByTestId('recording-who').textContent).toBe('Zorbel Elder · Lopit');
    expect(row.textContent).not.toContain('recording-2026-11-02.webm');
    expect(within(row).getByRole('button', { name: 'Play “Zorbel fentu marak.”' })).toBeTruthy();
  });

  it('from the server: the speaker, the sentence a spoken translation answers, the title, the language', async () => {
    await localDb().pairs.put({
      id: 12,
      english: 'The goats are in the field.',
      lopit: '',
      category: 'family',
      status: 'empty',
      version: 1,
      updatedAt: '2026-11-01T00:00:00.000Z',
      proposals: [],
      cachedAt: 1,
    });
    serverAnswers([
      stored('a1', { speakerId: ELDER.id, sourcePairId: 12 }),
      stored('a2', { title: 'Morning greetings', language: 'en' }),
      stored('a3', { speakerId: 'ffffffff-0000-4000-8000-000000000000', transcript: 'Kwinta mipa.' }),
      stored('a4', { language: null }),
    ]);
    render(<RecordingsList userId={USER.id} />);
    const first = await rowText(0);
    await waitFor(() =>
      expect(first.textContent).toContain('Spoken translation of “The goats are in the field.”'),
    );
    expect(within(first).getByTestId('recording-who').textContent).toBe('Zorbel Elder · Lopit');
    const second = await rowText(1);
    expect(second.textContent).toContain('Morning greetings');
    expect(within(second).getByTestId('recording-who').textContent).toBe('You · English');
    const third = await rowText(2);
    expect(third.textContent).toContain('“Kwinta mipa.”');
    expect(within(third).getByTestId('recording-who').textContent).toBe('A speaker you recorded · Lopit');
    // Nothing else is known: the file's name, and the language is said to be missing.
    const fourth = await rowText(3);
    expect(fourth.textContent).toContain('recording-a4.webm');
    expect(within(fourth).getByTestId('recording-who').textContent).toBe('You · language not given');
  });

  it('shows the picture a clip answers, its description as the text alternative, offline too', async () => {
    const PICTURE = '5a0c9e0e-4d8b-4c1e-9f3a-2b7d6e5f4a3c';
    await localDb().pictures.put({
      id: PICTURE,
      description: 'Two made-up goats under a tree',
      credit: 'Test illustrator',
      licence: 'CC BY 4.0',
      width: 40,
      height: 30,
      sizeBytes: 3,
      sha256: 'b'.repeat(64),
      rank: 0,
      mimeType: 'image/jpeg',
      data: new Uint8Array([0xff, 0xd8, 0xff]).buffer,
      savedAt: 1,
    });
    serverAnswers([
      stored('p1', { pictureId: PICTURE }),
      stored('p2', { pictureId: 'ffffffff-1111-4000-8000-000000000000' }),
    ]);
    render(<RecordingsList userId={USER.id} />);
    const first = await rowText(0);
    const image = await within(first).findByTestId('clip-picture');
    expect(image.getAttribute('alt')).toBe('Two made-up goats under a tree');
    expect(image.getAttribute('lang')).toBe('en');
    await waitFor(() => expect(image.getAttribute('src') ?? '').toMatch(/^blob:/));
    // A picture no longer on the phone (retired since): the clip still says where it came from.
    const second = await rowText(1);
    expect((await within(second).findByTestId('clip-picture-missing')).textContent).toBe(
      'Said from a picture',
    );
  });

  it('says Checking the sound… while the server inspects a recording, then its verdict, or why its sound is not usable', async () => {
    let answers: Recording[] = [
      stored('c1', { inspection: 'inspecting', quality: { ...quality, silent: true } }),
    ];
    let reads = 0;
    vi.stubGlobal('fetch', (input: Request | string) => {
      const url = typeof input === 'string' ? input : input.url;
      if (!url.includes('/api/audio/recordings')) return Promise.reject(new TypeError('Failed to fetch'));
      reads += 1;
      return Promise.resolve(Response.json({ recordings: answers, total: answers.length, page: 1 }));
    });
    render(<RecordingsList userId={USER.id} />);
    const status = async () => within(await rowText(0)).getByTestId('recording-status');
    await waitFor(async () => expect((await status()).textContent).toContain('Checking the sound…'));
    // No verdict is shown before the server has one.
    expect(within(await rowText(0)).queryByTestId('quality-flags')).toBeNull();
    const readsBefore = reads;
    answers = [
      stored('c1', { inspection: 'inspected', quality: { ...quality, silent: true } }),
      stored('c2', {
        inspection: 'failed',
        inspectionError: 'The recording is 700 s long; recordings may be at most 600 s.',
      }),
    ];
    // The list is read again by itself while a recording is being checked.
    await waitFor(async () => expect((await status()).textContent).toContain('Uploaded'), {
      timeout: 10_000,
    });
    expect(reads).toBeGreaterThan(readsBefore);
    expect(within(await rowText(0)).getByTestId('quality-flags').textContent).toContain('Silent');
    expect((await rowText(1)).textContent).toContain(
      'Sound not usable: The recording is 700 s long; recordings may be at most 600 s.',
    );
  }, 20_000);
});
