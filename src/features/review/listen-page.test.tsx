// @vitest-environment happy-dom
// A clip on /listen (Testing Library, the pack in IndexedDB by fake-indexeddb): Yes and No give a verdict only
// once the whole clip has played, as Common Voice asks; before that they stay reachable by keyboard and say why
// they do nothing, and their keys do nothing either. Skip works at any time.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb, type PackedClip } from '../../offline/local-db.ts';
import { entriesOf } from '../../offline/outbox.ts';
import { ClipCard } from './listen-page.tsx';

const USER = 'listener-1';
const CLIP: PackedClip = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-901234567890',
  text: 'Zorbel fentu marak.',
  language: 'lpx',
  duration: 2,
  mimeType: 'audio/webm',
  sizeBytes: 4,
  flags: [],
  upVotes: 0,
  downVotes: 0,
  userId: USER,
  rank: 0,
  chunkCount: 1,
};

beforeEach(async () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  const db = localDb();
  await Promise.all([db.outbox.clear(), db.reviewClips.clear(), db.reviewClipChunks.clear()]);
  await db.reviewClips.put(CLIP);
  await db.reviewClipChunks.put({ clipId: CLIP.id, index: 0, data: new Uint8Array([1, 2, 3, 4]).buffer });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const votes = async () => (await entriesOf(localDb(), USER)).filter((entry) => entry.kind === 'clip.vote');

function card(clip: PackedClip) {
  return (
    <ClipCard
      clip={clip}
      userId={USER}
      position="Clip 1 of 1 on this phone"
      autoPlay={false}
      onAnswered={() => undefined}
    />
  );
}

function renderCard() {
  return render(card(CLIP));
}

describe('the vote on a clip', () => {
  it('waits until the clip has played to its end; until then Yes and No say why', async () => {
    renderCard();
    const audio = await screen.findByTestId('clip-audio');
    const yes = screen.getByRole('button', { name: /Yes/ });
    const no = screen.getByRole('button', { name: /No/ });
    const hint = screen.getByTestId('answer-hint');
    expect(hint.textContent).toBe('Listen to the whole clip before you answer Yes or No.');
    for (const button of [yes, no]) {
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(button.getAttribute('aria-describedby')).toBe(hint.id);
      // Reachable by keyboard (not `disabled`), so a screen reader hears the reason.
      expect((button as HTMLButtonElement).disabled).toBe(false);
    }
    await userEvent.click(no);
    await userEvent.click(yes);
    await userEvent.keyboard('n');
    await userEvent.keyboard('y');
    expect(await votes()).toEqual([]);

    fireEvent.ended(audio);
    await waitFor(() => expect(no.getAttribute('aria-disabled')).toBeNull());
    expect(yes.getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByTestId('answer-hint')).toBeNull();
    await userEvent.click(no);
    await waitFor(async () => expect((await votes()).map((entry) => entry.body)).toEqual([{ vote: 'down' }]));
  });

  it('lets the listener skip before hearing it', async () => {
    renderCard();
    await screen.findByTestId('clip-audio');
    await userEvent.click(screen.getByRole('button', { name: /Skip/ }));
    await waitFor(async () => expect(await localDb().reviewSkips.count()).toBe(1));
    expect(await votes()).toEqual([]);
  });

  it('keeps playing the same audio when the pack hands it the same clip anew', async () => {
    const { rerender } = renderCard();
    const audio = await screen.findByTestId('clip-audio');
    const url = audio.getAttribute('src');
    fireEvent.play(audio);
    expect(screen.getByRole('button', { name: /Pause/ })).toBeTruthy();
    // The pack's live query gives a new object for the same clip whenever the pack changes.
    rerender(card({ ...CLIP, upVotes: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('clip-audio').getAttribute('src')).toBe(url);
    // Should the audio be reloaded anyway, the button does not go on saying Pause.
    fireEvent.emptied(audio);
    await waitFor(() => expect(screen.getByRole('button', { name: /Play/ })).toBeTruthy());
  });
});
