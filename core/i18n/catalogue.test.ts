// The interface's message catalogue: every message has a unique id, a note and valid ICU English; the
// placeholder and plural checks; the pseudo-language; PO files written and read back.
import { describe, expect, it } from 'vitest';
import { SOURCE_MESSAGES } from './catalogue.ts';
import { SCREEN_ID_PATTERN } from './define.ts';
import { compileChecked, placeholdersOf, pseudoMessage, pseudoText, translationProblems } from './icu.ts';
import { isListed, UI_LANGUAGE_LISTING_SHARE } from './languages.ts';
import { PoSyntaxError, readPo, writePo } from './po.ts';

describe('the message catalogue', () => {
  it('has unique ids, a screen, a note and valid ICU English for every message', () => {
    const ids = SOURCE_MESSAGES.map((message) => message.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const message of SOURCE_MESSAGES) {
      expect(message.screen, message.id).toMatch(SCREEN_ID_PATTERN);
      expect(message.note.trim().length, message.id).toBeGreaterThan(5);
      expect(compileChecked(message.message), message.id).toHaveProperty('compiled');
      // A message is a translation of itself: the check accepts every source.
      expect(translationProblems(message.message, message.message), message.id).toEqual([]);
    }
  });
});

describe('translation checks', () => {
  const source = '{count, plural, one {# clip} other {# clips}} for {name}';
  it('accepts the same placeholders, with the plural forms of the language', () => {
    expect(
      translationProblems(source, 'Blorp {name} {count, plural, few {# a} many {# b} other {# c}}'),
    ).toEqual([]);
  });
  it('names what is missing, unknown, of another kind, or without `other`', () => {
    expect(translationProblems(source, '{count, plural, one {# a}} {nam}')).toEqual([
      { kind: 'missing-placeholder', name: 'name' },
      { kind: 'unknown-placeholder', name: 'nam' },
      { kind: 'missing-other', name: 'count' },
    ]);
    expect(translationProblems(source, '{count} {name}')).toEqual([
      { kind: 'wrong-kind', name: 'count', expected: 'plural' },
    ]);
    expect(translationProblems(source, 'Blorp {count')[0]).toMatchObject({ kind: 'syntax' });
  });
  it('lists the placeholders to keep', () => {
    expect(placeholdersOf(source)).toEqual(['{count, plural}', '{name}']);
  });
});

describe('the pseudo-language', () => {
  it('accents, lengthens by about 40% and marks every message', () => {
    expect(pseudoText('Sign in')).toBe('Šîĝñ îñ ~~~');
    expect(pseudoText(' · ')).toBe(' · ');
    expect(pseudoMessage('Hello {name}')).toEqual(['[', 'Ĥéļļö ~~ ', ['name'], ']']);
    for (const { message } of SOURCE_MESSAGES) {
      const pseudo = pseudoMessage(message);
      expect(pseudo[0]).toBe('[');
      expect(pseudo.at(-1)).toBe(']');
    }
  });
});

describe('PO files', () => {
  it('reads back what it writes, escapes included', () => {
    const entries = [
      {
        id: 'a.one',
        source: 'Say "hi"\\n',
        translation: 'Blorp "hi"\nzib',
        note: 'Where\nit is',
        screen: 'a',
      },
      { id: 'a.two', source: '{count, plural, one {#} other {#}}', translation: '' },
    ];
    const po = writePo({ code: 'qaa', name: 'Blorpish' }, entries);
    expect(po).toContain('msgctxt "a.one"');
    expect(po).toContain('#. it is');
    expect(readPo(po)).toEqual(entries.map(({ id, source, translation }) => ({ id, source, translation })));
  });
  it('reads multi-line strings and refuses what is not PO', () => {
    expect(readPo('msgctxt "x.y"\nmsgid ""\n"Hel"\n"lo"\nmsgstr "Blo"\n"rp"\n')).toEqual([
      { id: 'x.y', source: 'Hello', translation: 'Blorp' },
    ]);
    expect(() => readPo('msgid "open')).toThrow(PoSyntaxError);
    expect(() => readPo('hello')).toThrow(PoSyntaxError);
    expect(() => readPo('msgctxt "x"\nmsgid "a"\nmsgid_plural "b"')).toThrow(/plural/);
  });
});

describe('listing threshold', () => {
  it('lists a language once its share of approved messages reaches the constant', () => {
    expect(isListed(Math.ceil(100 * UI_LANGUAGE_LISTING_SHARE), 100)).toBe(true);
    expect(isListed(Math.ceil(100 * UI_LANGUAGE_LISTING_SHARE) - 1, 100)).toBe(false);
    expect(isListed(0, 0)).toBe(false);
  });
});
