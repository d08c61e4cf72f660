// Readiness figures in words: singular for one, the spec's ranges as they are.
import { describe, expect, it } from 'vitest';
import type { ReadinessItem } from '../../../core/api/training.ts';
import { formatMetric, formatSpeechAmount, readinessText } from './training-text.ts';

const item = (over: Partial<ReadinessItem>): ReadinessItem => ({
  key: 'k',
  label: 'Label',
  value: 0,
  unit: 'recordings',
  min: null,
  target: null,
  met: false,
  ...over,
});

describe('readinessText', () => {
  it('says one recording, not one recordings', () => {
    expect(readinessText(item({ value: 1 }))).toBe('1 recording');
    expect(readinessText(item({ value: 3 }))).toBe('3 recordings');
    expect(readinessText(item({ value: 0, unit: 'pairs' }))).toBe('0 pairs');
  });

  it('keeps the plural after a range', () => {
    expect(readinessText(item({ value: 1, unit: 'hours', min: 20, target: 50 }))).toBe('1 of 20-50 hours');
    expect(readinessText(item({ value: 12, unit: 'speakers', min: 50 }))).toBe('12 of 50+ speakers');
  });
});

describe('formatMetric', () => {
  it('gives a few seconds of audio in seconds, not as 0 hours', () => {
    expect(formatMetric('hours', 11 / 3600)).toBe('11 s');
    expect(formatMetric('hours', 2.5)).toBe('2.5');
    expect(formatMetric('utterances', 1)).toBe('1');
  });
});

describe('formatSpeechAmount', () => {
  it("gives exact seconds below a tenth of an hour, and the server's hours from there on", () => {
    expect(formatSpeechAmount(21.4, 0.01)).toBe('21 s');
    expect(formatSpeechAmount(576, 0.16)).toBe('0.16 hours');
    expect(formatSpeechAmount(3600, 1)).toBe('1 hour');
  });
});
