// @vitest-environment happy-dom
// Speak's queue and counter: each recording leaves one fewer to read, each skip moves the counter on and sends
// the sentence after the others, also after the app is reopened (kept in IndexedDB by fake-indexeddb); a skip
// when every sentence left was skipped starts a new round. Recorded sentences (the server's `mine`, or saved on
// this phone and waiting) come after those still to read; a draft is not a recording.
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDb } from '../../offline/local-db.ts';
import { createDraft, appendChunk, saveDraft } from '../recording/local-recordings.ts';
import { usePrompts } from '../recording/prompt-pack.ts';
import { usePutAside, withPutAside } from './prompt-actions.ts';
import { speakQueue } from './speak-queue.ts';

const USER = 'reader-1';
const sentence = (id: number, recorded = false) => ({ id, recorded });
const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);

beforeEach(async () => {
  const db = localDb();
  await Promise.all([
    db.keptValues.clear(),
    db.prompts.clear(),
    db.recordings.clear(),
    db.recordingChunks.clear(),
  ]);
});
afterEach(() => cleanup());

describe('speakQueue', () => {
  it('counts down with each recording and moves on with each skip', () => {
    const prompts = [sentence(1), sentence(2), sentence(3), sentence(4, true)];
    expect(speakQueue(prompts, [])).toMatchObject({ left: 3, position: 1, round: [1, 2, 3] });
    // Sentence 1 skipped: 2 is on screen, the second of three; 1 comes after the others still to read.
    const skipped = speakQueue(prompts, [1]);
    expect(ids(skipped.queue)).toEqual([2, 3, 1, 4]);
    expect(skipped).toMatchObject({ left: 3, position: 2 });
    // Then 2 recorded: one fewer to read, still the second place of the round.
    const recorded = speakQueue([sentence(1), sentence(2, true), sentence(3), sentence(4, true)], [1]);
    expect(ids(recorded.queue)).toEqual([3, 1, 2, 4]);
    expect(recorded).toMatchObject({ left: 2, position: 2 });
  });

  it('starts a new round when every sentence left was skipped', () => {
    const prompts = [sentence(1), sentence(2), sentence(3)];
    let aside = withPutAside([], 1, [1, 2, 3]);
    aside = withPutAside(aside, 2, [1, 2, 3]);
    aside = withPutAside(aside, 3, [1, 2, 3]);
    expect(speakQueue(prompts, aside)).toMatchObject({ position: 1 });
    expect(ids(speakQueue(prompts, aside).queue)).toEqual([1, 2, 3]);
    // Skipping the first again: a new round, the one just skipped last.
    aside = withPutAside(aside, 1, [1, 2, 3]);
    expect(aside).toEqual([1]);
    expect(ids(speakQueue(prompts, aside).queue)).toEqual([2, 3, 1]);
    expect(speakQueue(prompts, aside)).toMatchObject({ position: 2 });
  });

  it('says none is left once every sentence is recorded', () => {
    expect(speakQueue([sentence(1, true), sentence(2, true)], [2])).toMatchObject({ left: 0, position: 0 });
  });
});

describe('the sentences put aside', () => {
  it('stay last after the app is reopened', async () => {
    const first = renderHook(() => usePutAside('speak', USER));
    await waitFor(() => expect(first.result.current.aside).toEqual([]));
    await act(() => first.result.current.putAside(7));
    await act(() => first.result.current.putAside(9));
    await act(() => first.result.current.putAside(7));
    first.unmount();
    // Reopened: read again from the phone.
    const again = renderHook(() => usePutAside('speak', USER));
    await waitFor(() => expect(again.result.current.aside).toEqual([9, 7]));
    expect(
      ids(speakQueue([sentence(7), sentence(8), sentence(9)], again.result.current.aside!).queue),
    ).toEqual([8, 9, 7]);
    // Another account's, and Translate's, are their own.
    const other = renderHook(() => usePutAside('speak', 'reader-2'));
    const translate = renderHook(() => usePutAside('translate', USER));
    await waitFor(() => expect(other.result.current.aside).toEqual([]));
    await waitFor(() => expect(translate.result.current.aside).toEqual([]));
  });
});

describe('usePrompts', () => {
  it('marks as recorded what the server says is mine and what waits on this phone, not a draft', async () => {
    await localDb().prompts.bulkPut(
      [1, 2, 3, 4].map((id, rank) => ({
        id,
        rank,
        english: `Zorbel sentence ${id}.`,
        lopit: '',
        category: 'greetings' as const,
        recordings: 0,
        mine: id === 1,
      })),
    );
    const meta = {
      fileName: 'x.webm',
      title: null,
      transcript: null,
      language: 'en' as const,
      mimeType: 'audio/webm',
    };
    const saved = await createDraft(USER, { ...meta, promptPairId: 2 });
    await appendChunk(saved, 0, new Uint8Array([1, 2]).buffer);
    await saveDraft(saved, { durationSeconds: 2 });
    await createDraft(USER, { ...meta, promptPairId: 3 });
    const { result } = renderHook(() => usePrompts(USER));
    await waitFor(() => expect(result.current).toBeDefined());
    expect(result.current!.map(({ id, recorded }) => [id, recorded])).toEqual([
      [3, false],
      [4, false],
      [1, true],
      [2, true],
    ]);
  });
});
