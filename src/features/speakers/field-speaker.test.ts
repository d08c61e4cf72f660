// @vitest-environment happy-dom
// The field speaker chosen on this phone is kept in IndexedDB (fake-indexeddb); a choice an older version left
// in localStorage is carried over once, and an account's choice is its own. A choice from before the app was
// opened is offered but not confirmed: nothing may be recorded until someone is chosen again.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { localDb } from '../../offline/local-db.ts';
import { testSpeaker } from '../../test-support/client-fixtures.ts';
import { settingsStore } from '../../offline/settings-store.ts';
import { carryOverOldChoice, chooseFieldSpeaker, useFieldSpeaker } from './field-speaker.ts';

const elder = (userId: string) => testSpeaker(userId);

afterEach(async () => {
  localStorage.clear();
  for (const user of ['u1', 'u2', 'u3']) await chooseFieldSpeaker(user, null);
  await localDb().speakers.clear();
});

describe('the field speaker choice', () => {
  it('is kept per account, and cleared with null', async () => {
    await chooseFieldSpeaker('u1', 'speaker-a');
    expect(await settingsStore.fieldSpeaker('u1')).toBe('speaker-a');
    expect(await settingsStore.fieldSpeaker('u2')).toBeNull();
    await chooseFieldSpeaker('u1', null);
    expect(await settingsStore.fieldSpeaker('u1')).toBeNull();
  });

  it('carries a choice an older version kept in localStorage into IndexedDB, once', async () => {
    localStorage.setItem('lopit.field-speaker.u1', 'speaker-old');
    await carryOverOldChoice('u1');
    expect(await settingsStore.fieldSpeaker('u1')).toBe('speaker-old');
    expect(localStorage.getItem('lopit.field-speaker.u1')).toBeNull();
  });

  it('keeps a choice already made in IndexedDB over an old one', async () => {
    await chooseFieldSpeaker('u2', 'speaker-new');
    localStorage.setItem('lopit.field-speaker.u2', 'speaker-old');
    await carryOverOldChoice('u2');
    expect(await settingsStore.fieldSpeaker('u2')).toBe('speaker-new');
    expect(localStorage.getItem('lopit.field-speaker.u2')).toBeNull();
  });
});

describe('who is speaking, when the app is opened again', () => {
  it('offers the speaker chosen in an earlier session but asks again before anything is recorded', async () => {
    await localDb().speakers.put(elder('u3'));
    // Chosen before this page was opened.
    await settingsStore.setFieldSpeaker('u3', 'speaker-elder', performance.timeOrigin - 60_000);
    const { result } = renderHook(() => useFieldSpeaker('u3'));
    await waitFor(() => expect(result.current.speaker?.id).toBe('speaker-elder'));
    expect(result.current.confirmed).toBe(false);
    // Chosen again: confirmed, for this session.
    act(() => result.current.choose('speaker-elder'));
    await waitFor(() => expect(result.current.confirmed).toBe(true));
    expect(result.current.speaker?.id).toBe('speaker-elder');
  });

  it('asks too when the account holder was speaking last, and a choice carried from an older version', async () => {
    await localDb().speakers.put(elder('u3'));
    await settingsStore.setFieldSpeaker('u3', null, performance.timeOrigin - 60_000);
    const me = renderHook(() => useFieldSpeaker('u3'));
    await waitFor(() => expect(me.result.current.speaker).toBeNull());
    expect(me.result.current.confirmed).toBe(false);
    me.unmount();

    localStorage.setItem('lopit.field-speaker.u3', 'speaker-elder');
    await settingsStore.setFieldSpeaker('u3', null, performance.timeOrigin - 60_000);
    await localDb().keptValues.delete('lopit.field-speaker.u3');
    await carryOverOldChoice('u3');
    const carried = renderHook(() => useFieldSpeaker('u3'));
    await waitFor(() => expect(carried.result.current.speaker?.id).toBe('speaker-elder'));
    expect(carried.result.current.confirmed).toBe(false);
  });

  it('does not ask an account with no field speaker to record: only its holder can speak', async () => {
    const { result } = renderHook(() => useFieldSpeaker('u2'));
    await waitFor(() => expect(result.current.confirmed).toBe(true));
    expect(result.current.speaker).toBeNull();
  });
});
