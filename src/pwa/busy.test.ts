import { describe, expect, it } from 'vitest';
import { shell } from '../../core/i18n/messages/shell.ts';
import { busyReasons, markBusy } from './busy.ts';

describe('work in progress', () => {
  it('is named by messages of the interface, each once, until it is done', () => {
    expect(busyReasons()).toEqual([]);
    const first = markBusy(shell.busyRecording);
    const second = markBusy(shell.busyRecording);
    const typing = markBusy(shell.busyUnsavedTranslation);
    expect(busyReasons().map((reason) => reason.id)).toEqual([
      'shell.busyRecording',
      'shell.busyUnsavedTranslation',
    ]);
    first();
    expect(busyReasons()).toHaveLength(2);
    second();
    typing();
    expect(busyReasons()).toEqual([]);
  });
});
