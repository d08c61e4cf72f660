// @vitest-environment happy-dom
// The run history's figures cell (Testing Library): what a worker or the server wrote (an error, a progress
// message) is its own element marked lang="en"; the interface's words (the figures of a finished run, "failed"
// with no error written) are another, unmarked, so a screen reader reads each in its language.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrainingRun } from '../../../core/api/training.ts';
import { RunHistory } from './run-history.tsx';

const run = (id: number, fields: Partial<TrainingRun>): TrainingRun => ({
  id,
  modelType: 'mt',
  state: 'succeeded',
  progress: 100,
  message: null,
  error: null,
  metrics: null,
  stopRequested: false,
  external: false,
  attempts: 1,
  workerId: null,
  startedBy: null,
  artifact: null,
  modelArtifactId: null,
  modelVersion: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  startedAt: '2026-11-20T09:00:00.000Z',
  heartbeatAt: null,
  finishedAt: null,
  ...fields,
});

afterEach(cleanup);

describe('RunHistory figures', () => {
  it('marks the server’s English and leaves the interface’s words unmarked', () => {
    render(
      <RunHistory
        title="Translation"
        runs={[
          run(1, { state: 'failed', error: 'CUDA out of memory' }),
          run(2, { state: 'running', progress: 40, message: 'Epoch 2 of 5' }),
          run(3, { state: 'succeeded', metrics: { bleu: 12.5 } }),
          run(4, { state: 'failed' }),
        ]}
      />,
    );
    const cells = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.lastElementChild!);
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'CUDA out of memory',
      'Epoch 2 of 5',
      expect.stringContaining('12.5'),
      expect.any(String),
    ]);
    expect(cells[0]!.querySelector('[lang="en"]')?.textContent).toBe('CUDA out of memory');
    expect(cells[1]!.querySelector('[lang="en"]')?.textContent).toBe('Epoch 2 of 5');
    expect(cells[2]!.querySelector('[lang]')).toBeNull();
    expect(cells[3]!.querySelector('[lang]')).toBeNull();
    expect(cells[3]!.textContent).not.toBe('');
  });
});
