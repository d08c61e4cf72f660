// Input rules: text the database can store, bounded nesting, and strict serial ids.
import { describe, expect, it } from 'vitest';
import {
  findInputProblem,
  INPUT_MAX_DEPTH,
  INPUT_MESSAGES,
  INT4_MAX,
  serialIdSchema,
  serialIdTextSchema,
} from './input.ts';

describe('findInputProblem', () => {
  it('finds NUL and lone surrogates in values and keys, with their path', () => {
    expect(findInputProblem({ a: 'fine', b: ['x', 'y\u0000z'] })).toEqual({
      path: 'b.1',
      message: INPUT_MESSAGES.nul,
    });
    expect(findInputProblem({ name: 'a\ud800b' })).toEqual({
      path: 'name',
      message: INPUT_MESSAGES.surrogate,
    });
    expect(findInputProblem({ 'k\u0000': 1 })).toEqual({ path: 'k\u0000', message: INPUT_MESSAGES.nul });
    expect(findInputProblem('\u0000')).toEqual({ path: '', message: INPUT_MESSAGES.nul });
  });

  it('accepts clean input, emoji and combining marks included', () => {
    expect(
      findInputProblem({ text: 'Zorblish 🙂 e\u0301', n: 3, list: [null, true, { x: 'y' }] }),
    ).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
  });

  it('refuses nesting deeper than the limit without exhausting the stack', () => {
    let deep: unknown = 'end';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findInputProblem(deep)?.message).toBe(INPUT_MESSAGES.depth);
    let shallow: unknown = 'end';
    for (let i = 0; i < INPUT_MAX_DEPTH; i += 1) shallow = [shallow];
    expect(findInputProblem(shallow)).toBeNull();
  });
});

describe('serial ids', () => {
  it('take whole numbers from 1 to 2^31 - 1 in bodies', () => {
    const schema = serialIdSchema();
    expect(schema.safeParse(1).success).toBe(true);
    expect(schema.safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 99_999_999_999, Number.NaN, '1']) {
      expect(schema.safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it('take plain decimal text only in paths and queries', () => {
    const schema = serialIdTextSchema();
    expect(schema.parse('16')).toBe(16);
    expect(schema.parse(String(INT4_MAX))).toBe(INT4_MAX);
    for (const bad of [
      '0x10',
      '1e3',
      '016',
      '+1',
      '-1',
      '0',
      ' 1',
      '1.0',
      '',
      '99999999999',
      '2147483648',
      'a\u0000',
    ]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
