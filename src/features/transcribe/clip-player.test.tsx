// @vitest-environment happy-dom
// The clip's player on /transcribe (Testing Library, the phone's store in fake-indexeddb): the speed chosen by
// touch or keyboard applies to the audio element with its pitch kept, and the phone remembers it when the app is
// opened again (a fresh module, so nothing is held in memory).
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../offline/local-db.ts';
import { settingsStore } from '../../offline/settings-store.ts';

const URL_OF_CLIP = 'blob:clip-1';

async function renderPlayer() {
  vi.resetModules(); // as when the app is opened again
  const { ClipPlayer } = await import('./clip-player.tsx');
  render(<ClipPlayer url={URL_OF_CLIP} label="The clip to transcribe" testId="clip" />);
  return screen.getByTestId<HTMLAudioElement>('clip');
}

const pressed = () =>
  screen
    .getAllByRole('button', { pressed: true })
    .map((button) => button.textContent)
    .join();

beforeEach(async () => {
  await localDb().keptValues.clear();
});
afterEach(cleanup);

describe('playback speed while transcribing', () => {
  it('plays at normal speed until a slower one is chosen, by touch or by keyboard', async () => {
    const audio = await renderPlayer();
    expect(audio.playbackRate).toBe(1);
    expect(pressed()).toBe('1×');
    expect(screen.getByRole('group', { name: 'Playback speed' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '0.5×' }));
    expect(audio.playbackRate).toBe(0.5);
    expect(audio.defaultPlaybackRate).toBe(0.5);
    expect(audio.preservesPitch).toBe(true);
    expect(pressed()).toBe('0.5×');

    screen.getByRole('button', { name: '0.75×' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(audio.playbackRate).toBe(0.75);
    expect(pressed()).toBe('0.75×');
    await waitFor(async () => expect(await settingsStore.playbackRate()).toBe(0.75));
  });

  it('is remembered on the phone and applies to the next clip after the app is reopened', async () => {
    await renderPlayer();
    await userEvent.click(screen.getByRole('button', { name: '0.5×' }));
    await waitFor(async () => expect(await settingsStore.playbackRate()).toBe(0.5));
    cleanup();

    const audio = await renderPlayer();
    await waitFor(() => expect(audio.playbackRate).toBe(0.5));
    expect(audio.preservesPitch).toBe(true);
    expect(pressed()).toBe('0.5×');
  });
});
