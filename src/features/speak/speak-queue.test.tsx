// @vitest-environment happy-dom
// Speak's queue and its counter: each recording leaves one fewer to read, each skip moves the counter on and sends
// the sentence after the others, also after the app is reopened (kept in IndexedDB by fake-indexeddb); a skip
// when every sentence left was skipped starts a new round. Recorded sentences (the server's `mine`, or saved on
// this phone and waiting) come after those still to read; a draft is not a recording. Pairs' Lopit and written
// sentences (issue 32) are one queue, each named by its key: a pair and a written sentence of the same id are
// two sentences, skipped, recorded and reported apart.
import 'fake-indexeddb/auto';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localDb } from '../../offline/local-db.ts';
import { createDraft, appendChunk, saveDraft } from '../recording/local-recordings.ts';
import { usePrompts, useReadPrompts } from '../recording/prompt-pack.ts';
import { reportReadPrompt, usePutAside, withPutAside } from './prompt-actions.ts';
import { speakQueue } from './speak-queue.ts';

const USER = 'reader-1';
const sentence = (id: number, recorded = false) => ({ key: `pair:${id}`, id, recorded });
const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);
const keys = (items: readonly { key: string }[]) => items.map((item) => item.key);

beforeEach(async () => {
  const db = localDb();
  await Promise.all([
    db.keptValues.clear(),
    db.prompts.clear(),
    db.promptSentences.clear(),
    db.reportedPrompts.clear(),
    db.outbox.clear(),
    db.recordings.clear(),
    db.recordingChunks.clear(),
  ]);
});
afterEach(() => cleanup());

describe('speakQueue', () => {
  it('counts down with each recording and moves on with each skip', () => {
    const prompts = [sentence(1), sentence(2), sentence(3), sentence(4, true)];
    expect(speakQueue(prompts, [])).toMatchObject({
      left: 3,
      position: 1,
      round: ['pair:1', 'pair:2', 'pair:3'],
    });
    // Sentence 1 skipped: 2 is on screen, the second of three; 1 comes after the others still to read.
    const skipped = speakQueue(prompts, ['pair:1']);
    expect(ids(skipped.queue)).toEqual([2, 3, 1, 4]);
    expect(skipped).toMatchObject({ left: 3, position: 2 });
    // Then 2 recorded: one fewer to read, still the second place of the round.
    const recorded = speakQueue([sentence(1), sentence(2, true), sentence(3), sentence(4, true)], ['pair:1']);
    expect(ids(recorded.queue)).toEqual([3, 1, 2, 4]);
    expect(recorded).toMatchObject({ left: 2, position: 2 });
  });

  it('starts a new round when every sentence left was skipped', () => {
    const prompts = [sentence(1), sentence(2), sentence(3)];
    const round = keys(prompts);
    let aside = withPutAside([], 'pair:1', round);
    aside = withPutAside(aside, 'pair:2', round);
    aside = withPutAside(aside, 'pair:3', round);
    expect(speakQueue(prompts, aside)).toMatchObject({ position: 1 });
    expect(ids(speakQueue(prompts, aside).queue)).toEqual([1, 2, 3]);
    // Skipping the first again: a new round, the one just skipped last.
    aside = withPutAside(aside, 'pair:1', round);
    expect(aside).toEqual(['pair:1']);
    expect(ids(speakQueue(prompts, aside).queue)).toEqual([2, 3, 1]);
    expect(speakQueue(prompts, aside)).toMatchObject({ position: 2 });
  });

  it('says none is left once every sentence is recorded', () => {
    expect(speakQueue([sentence(1, true), sentence(2, true)], ['pair:2'])).toMatchObject({
      left: 0,
      position: 0,
    });
  });
});

describe('the sentences put aside', () => {
  it('stay last after the app is reopened', async () => {
    const first = renderHook(() => usePutAside('speak', USER));
    await waitFor(() => expect(first.result.current.aside).toEqual([]));
    await act(() => first.result.current.putAside('pair:7'));
    await act(() => first.result.current.putAside('pair:9'));
    await act(() => first.result.current.putAside('pair:7'));
    first.unmount();
    // Reopened: read again from the phone.
    const again = renderHook(() => usePutAside('speak', USER));
    await waitFor(() => expect(again.result.current.aside).toEqual(['pair:9', 'pair:7']));
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

describe('useReadPrompts', () => {
  const pair = (id: number, rank: number, recordings = 0, lopit = `Quandy ${id}.`) => ({
    id,
    rank,
    english: `Zorbel sentence ${id}.`,
    lopit,
    category: 'greetings' as const,
    recordings,
    mine: false,
  });
  const written = (id: number, rank: number, recordings = 0, mine = false) => ({
    id,
    rank,
    lopit: `Zorbel fen ${id}.`,
    source: id === 1 ? 'a song' : null,
    recordings,
    mine,
  });
  const meta = {
    fileName: 'x.webm',
    title: null,
    transcript: null,
    language: 'lpx' as const,
    mimeType: 'audio/webm',
    promptPairId: null,
  };

  async function saveRecording(extra: { promptPairId?: number; promptSentenceId?: number }) {
    const id = await createDraft(USER, { ...meta, ...extra });
    await appendChunk(id, 0, new Uint8Array([1, 2]).buffer);
    await saveDraft(id, { durationSeconds: 2 });
  }

  it('offers pairs’ Lopit and written sentences in one queue that counts, skips and records both', async () => {
    const db = localDb();
    // Pair 3 has no Lopit yet: not offered to read.
    await db.prompts.bulkPut([pair(1, 0), pair(2, 1, 1), pair(3, 2, 0, '')]);
    await db.promptSentences.bulkPut([written(1, 0), written(2, 1), written(3, 2, 0, true)]);
    const read = renderHook(() => useReadPrompts(USER));
    await waitFor(() => expect(read.result.current).toBeDefined());
    // Fewest clips first, the two kinds taking turns; written 3 is the server's `mine`: last.
    expect(keys(read.result.current!.prompts)).toEqual([
      'pair:1',
      'sentence:1',
      'sentence:2',
      'pair:2',
      'sentence:3',
    ]);
    expect(read.result.current!.untranslated).toBe(1);
    expect(read.result.current!.prompts[1]).toMatchObject({
      from: 'sentence',
      source: 'a song',
      lopit: 'Zorbel fen 1.',
    });
    expect(speakQueue(read.result.current!.prompts, [])).toMatchObject({ left: 4, position: 1 });

    // Written sentence 1 skipped: it goes after the others still to read, and the counter moves on.
    const aside = renderHook(() => usePutAside('speak', USER));
    await waitFor(() => expect(aside.result.current.aside).toEqual([]));
    const round = speakQueue(read.result.current!.prompts, []).round;
    await act(() => aside.result.current.putAside('sentence:1', round));
    await waitFor(() => expect(aside.result.current.aside).toEqual(['sentence:1']));
    const skipped = speakQueue(read.result.current!.prompts, aside.result.current.aside!);
    expect(keys(skipped.queue)).toEqual(['pair:1', 'sentence:2', 'pair:2', 'sentence:1', 'sentence:3']);
    expect(skipped).toMatchObject({ left: 4, position: 2 });

    // Written sentence 2 read and saved on this phone: one fewer left; pair 2 (same id) still to read.
    await saveRecording({ promptSentenceId: 2 });
    await waitFor(() =>
      expect(read.result.current!.prompts.find((prompt) => prompt.key === 'sentence:2')?.recorded).toBe(true),
    );
    expect(read.result.current!.prompts.find((prompt) => prompt.key === 'pair:2')?.recorded).toBe(false);
    expect(speakQueue(read.result.current!.prompts, aside.result.current.aside!)).toMatchObject({ left: 3 });

    // Written sentence 1 reported: it leaves the queue and the pack, its report waits in the outbox; pair 1 stays.
    const offered = read.result.current!.prompts.find((prompt) => prompt.key === 'sentence:1')!;
    await reportReadPrompt(USER, offered, { reason: 'spelling' });
    await waitFor(() =>
      expect(keys(read.result.current!.prompts)).toEqual(['pair:1', 'pair:2', 'sentence:2', 'sentence:3']),
    );
    expect(await db.promptSentences.get(1)).toBeUndefined();
    expect(await db.outbox.toArray()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'sentence.report', params: { id: 1 }, body: { reason: 'spelling' } }),
      ]),
    );
  });
});
