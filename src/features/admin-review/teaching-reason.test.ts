import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../core/i18n/define.ts';
import { rankByNovelty } from '../../../core/mt/selection.ts';
import { teachingReason } from './teaching-reason.ts';

const english: Translate = (() => {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  return (descriptor, values) => i18n._(descriptor.id, values, { message: descriptor.message });
})();

describe('the teaching reason on the admins’ screen', () => {
  it('says in English what the server’s reason says, for every kind of ranking', () => {
    // Made-up sentences: new words, new sequences of known words, many new words, one new word alone, nothing new.
    const known = ['blorp zib', 'zib nami'];
    const ranked = rankByNovelty(
      [
        { id: 1, text: 'blorp zib quonk' },
        { id: 2, text: 'zib blorp' },
        { id: 3, text: 'a b c d e f g h' },
        { id: 4, text: 'blorp zib' },
        { id: 5, text: 'quux' },
      ],
      known,
    );
    const kinds = new Set<string>();
    for (const r of ranked) {
      const teaching = { ...r, newSequences: r.newNgrams - r.newWordCount };
      expect(teachingReason(english, teaching), `sentence ${r.id}`).toBe(r.reason);
      kinds.add(`${r.newWordCount > 0}/${teaching.newSequences > 0}`);
    }
    expect([...kinds].sort()).toEqual(['false/false', 'false/true', 'true/false', 'true/true']);
  });
});
