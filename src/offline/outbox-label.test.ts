import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../core/i18n/define.ts';
import { outbox } from '../../core/i18n/messages/outbox.ts';
import { excerpt, outboxLabel, outboxLabelText } from './outbox-label.ts';

/** Lingui with a made-up language's catalogue (Blorpish), as the app activates a community's catalogue. */
function translator(messages: Record<string, string>): Translate {
  const i18n = setupI18n({ locale: 'qaa', messages: { qaa: messages } });
  return (descriptor, values) => i18n._(descriptor.id, values, { message: descriptor.message });
}

describe('waiting item labels', () => {
  it('keep the message and its values, and are written in the language of the moment they are read', () => {
    const label = outboxLabel(outbox.newSpeaker, { name: 'Zorbel' });
    expect(label).toEqual({ id: 'outbox.newSpeaker', values: { name: 'Zorbel' } });
    expect(outboxLabelText(translator({}), label)).toEqual({ text: 'New speaker “Zorbel”', english: false });
    expect(outboxLabelText(translator({ 'outbox.newSpeaker': 'Blorp «{name}» nu' }), label)).toEqual({
      text: 'Blorp «Zorbel» nu',
      english: false,
    });
  });

  it('choose the words of a select by the value kept', () => {
    const english = translator({});
    const vote = (value: string) =>
      outboxLabelText(english, outboxLabel(outbox.clipVote, { vote: value, text: 'mipple' })).text;
    expect(vote('up')).toBe('Vote “Yes” on the clip “mipple”');
    expect(vote('down')).toBe('Vote “No” on the clip “mipple”');
  });

  it('show an older item’s English as English, and an unknown message by its id', () => {
    expect(outboxLabelText(translator({}), 'Translation of “Sentence 1.”')).toEqual({
      text: 'Translation of “Sentence 1.”',
      english: true,
    });
    expect(outboxLabelText(translator({}), { id: 'outbox.fromTheFuture', values: {} }).text).toBe(
      'outbox.fromTheFuture',
    );
  });

  it('cut long texts to a line and fold their spaces', () => {
    expect(excerpt('  a   b ')).toBe('a b');
    expect(excerpt('x'.repeat(70), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
