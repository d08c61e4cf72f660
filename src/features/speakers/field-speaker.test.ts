// @vitest-environment happy-dom
// The field speaker chosen on this phone is kept in IndexedDB (fake-indexeddb); a choice an older version left
// in localStorage is carried over once, and an account's choice is its own.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsStore } from '../../offline/settings-store.ts';
import { carryOverOldChoice, chooseFieldSpeaker } from './field-speaker.ts';

afterEach(async () => {
  localStorage.clear();
  for (const user of ['u1', 'u2']) await chooseFieldSpeaker(user, null);
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
