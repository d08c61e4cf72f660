// The espeak-ng worker: speaks, refuses work past its queue bound, reports a voice it lacks, and starts again
// after being closed.
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { EspeakEngine } from './espeak-engine.ts';

describe('espeak-ng engine', () => {
  const engine = new EspeakEngine({ maxPending: 1, maxSeconds: 2 });
  afterAll(() => engine.close());

  it('is started by the first job and answers 16-bit samples with the phonemes spoken', async () => {
    expect(engine.started).toBe(false);
    const audio = await engine.synthesize({ text: 'hello', voice: 'en', rate: 175 });
    expect(engine.started).toBe(true);
    expect(audio.sampleRate).toBe(22_050);
    expect(audio.samples.length).toBeGreaterThan(22_050 * 0.2);
    expect(audio.phonemes.join('')).toMatch(/l/);
    expect(audio.cut).toBe(false);
  });

  it('refuses a job past its queue bound with 503, and cuts audio past its length bound', async () => {
    const first = engine.synthesize({
      text: 'one two three four five six seven eight nine ten eleven twelve',
      voice: 'en',
      rate: 175,
    });
    const second = engine.synthesize({ text: 'seven', voice: 'en', rate: 175 });
    await expect(second).rejects.toSatisfy((error) => error instanceof AppError && error.statusCode === 503);
    const audio = await first;
    expect(audio.cut).toBe(true);
    expect(audio.samples.length).toBe(2 * 22_050);
  });

  it('reports a voice it does not have', async () => {
    await expect(engine.synthesize({ text: 'x', voice: 'no-such-voice', rate: 175 })).rejects.toThrow(
      /no voice/,
    );
  });

  it('starts a new worker after being closed', async () => {
    await engine.close();
    expect(engine.started).toBe(false);
    const audio = await engine.synthesize({ text: '[[z|o|r]]', voice: 'sw', rate: 150 });
    expect(audio.phonemes).toEqual(['z', 'ˈo', 'r']);
  });
});
