// Kinship words: core's chain of relations (core/families/kinship.ts) said in English, the source language.
import { describe, expect, it } from 'vitest';
import { buildFamilyGraph } from '../../../core/families/family-graph.ts';
import { familyFixture } from '../../../core/families/family-fixture.ts';
import { describeKinship } from '../../../core/families/kinship.ts';
import { shortestPath } from '../../../core/families/paths.ts';
import { t } from '../../i18n/i18n.tsx';
import { kinshipSentence, kinTerm } from './kinship-words.ts';

const graph = buildFamilyGraph(familyFixture());
const kinship = (from: string, to: string) => describeKinship(graph, shortestPath(graph, from, to));
const term = (from: string, to: string) => kinTerm(t, kinship(from, to).words);

describe('kinship words', () => {
  it.each([
    ['me', 'father', 'father'],
    ['me', 'grandson', 'grandson'],
    ['grandson', 'grandpa', 'great-great-grandfather'],
    ['me', 'second-wife', "father's wife"],
    ['me', 'sister', 'sister'],
    ['me', 'half-brother', 'half-brother'],
    ['me', 'aunt', 'aunt'],
    ['aunt', 'me', 'nephew'],
    ['me', 'cousin', 'first cousin'],
    ['son', 'cousin', 'first cousin once removed'],
    ['wife', 'father', 'father-in-law'],
    ['father', 'wife', 'daughter-in-law'],
    ['me', 'sisters-husband', 'brother-in-law'],
    ['me', 'wife', 'wife'],
    ['me', 'other-child', "father's wife's child"],
  ])('%s → %s is "%s"', (from, to, expected) => {
    expect(term(from, to)).toBe(expected);
  });

  it('says further generations and cousins with their degree', () => {
    expect(kinTerm(t, [{ kind: 'sibling-child', gender: 'female', grand: 2 }])).toBe('great-grandniece');
    expect(kinTerm(t, [{ kind: 'parent-sibling', gender: 'unknown', greats: 1 }])).toBe(
      "great-parent's sibling",
    );
    expect(kinTerm(t, [{ kind: 'cousin', degree: 2, removed: 3 }])).toBe('second cousin three times removed');
    expect(kinTerm(t, [{ kind: 'cousin', degree: 12, removed: 5 }])).toBe('12th cousin 5 times removed');
  });

  it('writes a sentence with both names', () => {
    expect(kinshipSentence(t, graph, kinship('me', 'grandson'))).toBe(
      "Grandson is Me (Alternate Name)'s grandson.",
    );
  });

  it('says when nothing joins the two persons, or when they are the same', () => {
    expect(kinshipSentence(t, graph, kinship('me', 'outsider-a'))).toMatch(/^No family link joins/);
    expect(kinshipSentence(t, graph, kinship('me', 'me'))).toMatch(/same person/);
  });
});
