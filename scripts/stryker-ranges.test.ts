// Stryker mutates the outbox's ordering rules and each kind's ordering fields by line ranges (stryker.config.json),
// which move whenever the files above them change. This holds every range to what it is meant to cover: whole
// functions in the offline layer, and exactly `phase` to `coalesce` of every declaration in core/api/mutations.ts,
// so a range that drifted fails here instead of silently mutating other code.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUTATION_KINDS } from '../core/api/mutations.ts';

const root = path.resolve(import.meta.dirname, '..');
const config = JSON.parse(fs.readFileSync(path.join(root, 'stryker.config.json'), 'utf8')) as {
  mutate: string[];
};
const ranges = config.mutate.flatMap((entry) => {
  const match = /^([^!:]+):(\d+)-(\d+)$/.exec(entry);
  return match ? [{ file: match[1]!, from: Number(match[2]), to: Number(match[3]) }] : [];
});
const linesOf = (file: string) => fs.readFileSync(path.join(root, file), 'utf8').split('\n');

describe("Stryker's line ranges", () => {
  it('cover phase, subject and coalesce of every offline write kind, and nothing else', () => {
    const lines = linesOf('core/api/mutations.ts');
    const declared = ranges.filter((range) => range.file === 'core/api/mutations.ts');
    expect(declared).toHaveLength(MUTATION_KINDS.length);
    for (const { from, to } of declared) {
      const covered = lines
        .slice(from - 1, to)
        .map((line) => line.trim())
        .filter((line) => !line.startsWith('//'))
        .map((line) => line.split(':')[0]);
      expect(covered, `core/api/mutations.ts:${from}-${to}`).toEqual(['phase', 'subject', 'coalesce']);
    }
  });

  it('cover whole functions of the offline layer', () => {
    const offline = ranges.filter((range) => range.file.startsWith('src/offline/'));
    expect(offline.length).toBeGreaterThan(0);
    for (const { file, from, to } of offline) {
      const lines = linesOf(file);
      const first = lines[from - 1] ?? '';
      const last = lines[to - 1] ?? '';
      const where = `${file}:${from}-${to}`;
      // A range starts a function (or a statement inside one) and ends where its indentation says it ends.
      expect(first.trim(), where).not.toBe('');
      expect(first.trim(), where).not.toMatch(/^(\/\/|\*|\/\*\*)/);
      if (/^export (async )?function /.test(first)) expect(last, where).toBe('}');
    }
  });
});
