// Choosing recordings to speak a text: whole-text recordings first, then one recording per word (as few voices
// as possible), else synthesis naming the missing words. (Made-up words, not Lopit.)
import { describe, expect, it } from 'vitest';
import { speakerLabel } from '../../lib/speaker-pseudonyms.ts';
import { planSpeech, relevantRecordings, speakerMatcher } from './recording-voice.ts';

const label = (userId: string) => speakerLabel('a secret of this test', userId);
import type { VoiceRecording } from './voices.repository.ts';

const ALICE = 'a11ce000-0000-4000-8000-000000000001';
const BOB = 'b0b00000-0000-4000-8000-000000000002';
let counter = 0;
const rec = (ownerId: string, transcript: string, extra: Partial<VoiceRecording> = {}): VoiceRecording => {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    ownerId,
    transcript,
    sha256: 'f'.repeat(64),
    mimeType: 'audio/wav',
    durationSeconds: 1,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)),
    silent: false,
    clipped: false,
    ...extra,
  };
};

describe('planning speech from recordings', () => {
  it('uses a recording of the whole text, matched without case, punctuation or spacing', () => {
    const whole = rec(ALICE, 'Zorbel, kwintafa!');
    const plan = planSpeech(
      'zorbel  KWINTAFA',
      [rec(ALICE, 'zorbel'), whole, rec(ALICE, 'kwintafa')],
      null,
      label,
    );
    expect(plan).toEqual({ source: 'recording', recording: whole });
  });

  it('matches ŋ with ng, and accents loosely, preferring the exact spelling', () => {
    const loose = rec(ALICE, 'plimdó');
    const exact = rec(ALICE, 'plimdo', { createdAt: new Date(Date.UTC(2020, 0, 1)) });
    expect(planSpeech('plimdo', [loose, exact], null, label)).toMatchObject({ recording: exact });
    expect(planSpeech('plimdo', [loose], null, label)).toMatchObject({ recording: loose });
    expect(planSpeech('vaŋor', [rec(BOB, 'vangor')], null, label)).toMatchObject({ source: 'recording' });
  });

  it('assembles from single-word recordings, keeping to the speaker who has the most words', () => {
    const aliceZ = rec(ALICE, 'zorbel');
    const bobZ = rec(BOB, 'zorbel'); // newer, but Bob has only one of the words
    const aliceK = rec(ALICE, 'kwintafa.');
    const plan = planSpeech('zorbel kwintafa zorbel', [aliceZ, aliceK, bobZ], null, label);
    expect(plan).toEqual({
      source: 'assembled',
      words: [
        { word: 'zorbel', recording: aliceZ },
        { word: 'kwintafa', recording: aliceK },
        { word: 'zorbel', recording: aliceZ },
      ],
    });
    // The requested speaker comes first, where they have the word.
    const asBob = planSpeech('zorbel kwintafa', [aliceZ, aliceK, bobZ], label(BOB), label);
    expect(asBob.source === 'assembled' && asBob.words.map((w) => w.recording)).toEqual([bobZ, aliceK]);
  });

  it('falls to synthesis naming each missing word once; silent recordings never count', () => {
    const recordings = [rec(ALICE, 'zorbel'), rec(ALICE, 'kwintafa', { silent: true })];
    expect(planSpeech('zorbel kwintafa grunvel kwintafa', recordings, null, label)).toEqual({
      source: 'synthesis',
      missingWords: ['kwintafa', 'grunvel'],
    });
    expect(relevantRecordings('zorbel kwintafa', recordings)).toEqual([recordings[0]]);
  });

  it('avoids clipped recordings when another exists', () => {
    const clipped = rec(ALICE, 'zorbel', { clipped: true });
    const clean = rec(ALICE, 'zorbel', { createdAt: new Date(Date.UTC(2019, 0, 1)) });
    expect(planSpeech('zorbel', [clipped, clean], null, label)).toMatchObject({ recording: clean });
  });

  it('knows a speaker by user id or by the pseudonymous S- label, never by the digits of the id itself', () => {
    expect(speakerMatcher(ALICE, label)(ALICE)).toBe(true);
    expect(speakerMatcher(label(ALICE).toLowerCase(), label)(ALICE)).toBe(true);
    expect(speakerMatcher(label(BOB), label)(ALICE)).toBe(false);
    expect(speakerMatcher(`S-${ALICE.slice(0, 8)}`, label)(ALICE)).toBe(false);
    expect(speakerMatcher(null, label)(ALICE)).toBe(false);
  });
});
