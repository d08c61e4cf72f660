// The interface's message catalogue: every message has a unique id, a note and valid ICU English; the
// placeholder and plural checks; the pseudo-language; PO files written and read back.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SOURCE_MESSAGES } from './catalogue.ts';
import { SCREEN_ID_PATTERN } from './define.ts';
import {
  compileChecked,
  placeholdersOf,
  pseudoMessage,
  pseudoText,
  syntaxReason,
  translationProblems,
} from './icu.ts';
import { problemsInEnglish } from './problem-words.ts';
import { UI_MESSAGE_MAX } from './languages.ts';
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

describe('the catalogue lists every group', () => {
  it('holds every message the screens define, so each can be translated', async () => {
    const listed = new Set(SOURCE_MESSAGES.map((message) => message.id));
    const folder = new URL('./messages/', import.meta.url);
    const unlisted: string[] = [];
    const files = fs.readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const module = (await import(new URL(file, folder).href)) as Record<string, unknown>;
      for (const group of Object.values(module)) {
        if (typeof group !== 'object' || group === null) continue;
        for (const descriptor of Object.values(group as Record<string, unknown>)) {
          const id = (descriptor as { id?: unknown } | null)?.id;
          if (typeof id === 'string' && 'message' in (descriptor as object) && !listed.has(id))
            unlisted.push(id);
        }
      }
    }
    expect(unlisted).toEqual([]);
  });
});

describe('ICU errors in words (issue 35)', () => {
  it('names a { never closed and a } never opened, skipping quoted braces', () => {
    expect(syntaxReason('Blorp {name')).toBe('unclosed-brace');
    expect(syntaxReason('{count, plural, one {# a} other {# b}')).toBe('unclosed-brace');
    expect(syntaxReason('Blorp name}')).toBe('unopened-brace');
    expect(syntaxReason("Blorp '{' and '}' {name}")).toBe('other');
    expect(syntaxReason("It''s {name}")).toBe('other');
    expect(translationProblems('Hello {name}', 'Blorp {name')).toEqual([
      expect.objectContaining({ kind: 'syntax', reason: 'unclosed-brace' }),
    ]);
    // The compiler would show a stray } as text: the check calls it a slip.
    expect(translationProblems('Hello {name}', 'Blorp {name}}')).toEqual([
      { kind: 'syntax', detail: '', reason: 'unopened-brace' },
    ]);
    expect(problemsInEnglish(translationProblems('Hello {name}', 'Blorp {name'))).toBe(
      'A { has no closing }. Close each { with a } as in the English',
    );
    expect(problemsInEnglish([{ kind: 'syntax', detail: '', reason: 'unopened-brace' }])).toBe(
      'A } has no opening {. Each } closes a { as in the English',
    );
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
  it('refuses a text longer than the editor allows, before reading it as ICU', () => {
    expect(translationProblems(source, `{count} ${'x'.repeat(UI_MESSAGE_MAX)}`)).toEqual([
      { kind: 'too-long', max: UI_MESSAGE_MAX },
    ]);
    const longest = `{name} {count, plural, other {#}} ${'x'.repeat(UI_MESSAGE_MAX - 34)}`;
    expect(longest).toHaveLength(UI_MESSAGE_MAX);
    expect(translationProblems(source, longest)).toEqual([]);
  });
  it('refuses controls that reorder text, and markup the English does not have', () => {
    expect(translationProblems('Chat', '\u202Etah\u202C')).toEqual([
      { kind: 'bidi-control', name: 'U+202E' },
      { kind: 'bidi-control', name: 'U+202C' },
    ]);
    expect(translationProblems('Chat', '\u2067Chat\u2069')).toEqual([
      { kind: 'bidi-control', name: 'U+2067' },
      { kind: 'bidi-control', name: 'U+2069' },
    ]);
    // Marks that reorder nothing stay allowed (right-to-left languages need them).
    expect(translationProblems('Chat', 'Chat\u200F')).toEqual([]);
    expect(translationProblems('Chat', '<b>Chat</b> <img src=x onerror=alert(1)>')).toEqual([
      { kind: 'markup', name: '<b>' },
      { kind: 'markup', name: '</b>' },
      { kind: 'markup', name: '<img src=x onerror=alert(1)>' },
    ]);
    expect(translationProblems('Press <b>Save</b>', 'Bonyo <b>Save</b>')).toEqual([]);
    expect(translationProblems('{count} < 5', '{count} < 5 > 2')).toEqual([]);
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
    expect(readPo(po).map(({ line: _, ...entry }) => entry)).toEqual(
      entries.map(({ id, source, translation }) => ({ id, source, translation })),
    );
  });
  it('reads multi-line strings and refuses what is not PO', () => {
    expect(readPo('msgctxt "x.y"\nmsgid ""\n"Hel"\n"lo"\nmsgstr "Blo"\n"rp"\n')).toEqual([
      { id: 'x.y', source: 'Hello', translation: 'Blorp', line: 1 },
    ]);
    expect(() => readPo('msgid "open')).toThrow(PoSyntaxError);
    expect(() => readPo('hello')).toThrow(PoSyntaxError);
    expect(() => readPo('msgctxt "x"\nmsgid "a"\nmsgid_plural "b"')).toThrow(/plural/);
  });
  it('reads the fuzzy flag of each entry, with or without blank lines between them', () => {
    const po = [
      '#, fuzzy',
      'msgid ""',
      'msgstr "Language: qaa\\n"',
      '',
      '#. a note',
      '#, c-format, fuzzy',
      'msgctxt "a"',
      'msgid "One"',
      'msgstr "Blorp"',
      '#, python-format',
      'msgctxt "b"',
      'msgid "Two"',
      'msgstr "Zib"',
      'msgctxt "c"',
      'msgid "Three"',
      'msgstr "Zab"',
    ].join('\n');
    expect(readPo(po)).toEqual([
      { id: 'a', source: 'One', translation: 'Blorp', fuzzy: true, line: 7 },
      { id: 'b', source: 'Two', translation: 'Zib', line: 11 },
      { id: 'c', source: 'Three', translation: 'Zab', line: 14 },
    ]);
  });
  it('refuses a context given twice, naming both lines', () => {
    const twice = 'msgctxt "a"\nmsgid "One"\nmsgstr "x"\n\nmsgctxt "a"\nmsgid "One"\nmsgstr "y"\n';
    expect(() => readPo(twice)).toThrow('Line 5: msgctxt "a" was given before, on line 1');
  });
});

describe('listing threshold', () => {
  it('lists a language once its share of approved messages reaches the constant', () => {
    expect(isListed(Math.ceil(100 * UI_LANGUAGE_LISTING_SHARE), 100)).toBe(true);
    expect(isListed(Math.ceil(100 * UI_LANGUAGE_LISTING_SHARE) - 1, 100)).toBe(false);
    expect(isListed(0, 0)).toBe(false);
  });
});
