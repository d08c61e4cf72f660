// Admin: the prompt sentences contributors read and translate, with how much each was recorded and translated,
// the reports against it (by reason) and whether it reads well aloud (Common Voice's limits, core/api/prompts.ts).
// Retiring one (with a reason that is kept) takes it out of every phone's packs; restoring brings it back.
import { useId, useState } from 'react';
import {
  PROMPT_READ_PROBLEM_LABELS,
  PROMPT_REPORT_REASON_LABELS,
  retirePromptSchema,
  type AdminPrompt,
  type PromptReportReason,
} from '../../../core/api/prompts.ts';
import { formatCount } from '../data/chart-scale.ts';
import { promptsApi } from './review-api.ts';
import { QueueFilter, QueueMessages, QueuePager, ReasonForm, StateCell, useQueue } from './review-queue.tsx';

export function ReviewPromptsPanel() {
  const headingId = useId();
  const [shown, setShown] = useState<'reported' | ''>('reported');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const filter = { reported: shown === 'reported', page };
  const queue = useQueue(JSON.stringify(filter), async () => {
    const answer = await promptsApi.list(filter);
    return { items: answer.prompts, total: answer.total };
  });

  return (
    <section className="card" aria-labelledby={headingId} data-testid="review-prompts">
      <h2 id={headingId}>Prompt sentences</h2>
      <p className="muted">
        The sentences contributors read aloud and translate. Reported ones come first; a retired sentence
        leaves every phone&apos;s packs at their next update, and its reports are closed. Your reason is kept.
      </p>
      <div className="toolbar">
        <QueueFilter
          label="Show"
          value={shown}
          anyLabel="all sentences"
          values={['reported'] as const}
          labelOf={() => 'reported ones'}
          onChange={(value) => {
            setShown(value);
            setPage(1);
          }}
        />
        {queue.data && (
          <span className="muted" role="status">
            {formatCount(queue.data.total, 'sentence')}
          </span>
        )}
      </div>
      <QueueMessages queue={queue} notice={notice} what="sentences" />
      {queue.data && queue.data.items.length > 0 && (
        <div className="table-wrap">
          <table className="card-table review-table">
            <thead>
              <tr>
                <th scope="col">Sentence</th>
                <th scope="col">Use</th>
                <th scope="col">Reports</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.items.map((prompt) => (
                <PromptRow
                  key={prompt.id}
                  prompt={prompt}
                  onChanged={(text) => {
                    setNotice(text);
                    void queue.reload();
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {queue.data && <QueuePager page={page} total={queue.data.total} label="sentences" onPage={setPage} />}
    </section>
  );
}

function PromptRow({ prompt, onChanged }: { prompt: AdminPrompt; onChanged: (notice: string) => void }) {
  const [retiring, setRetiring] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasons = Object.entries(prompt.reasons) as [PromptReportReason, number][];

  async function restore() {
    setError(null);
    try {
      await promptsApi.restore(prompt.id);
      onChanged(`“${prompt.english}” is back in the packs.`);
    } catch (caught) {
      setError((caught as Error).message);
    }
  }

  return (
    <tr data-testid="review-prompt-row">
      <td data-label="Sentence">
        <div className="review-cell">
          <span lang="en">{prompt.english}</span>
          <span className="muted">{prompt.category}</span>
          {prompt.readProblems.map((problem) => (
            <span key={problem} className="badge badge-flag">
              ⚠ {PROMPT_READ_PROBLEM_LABELS[problem]}
            </span>
          ))}
        </div>
      </td>
      <td data-label="Use">
        <div className="review-cell">
          <span>{formatCount(prompt.recordings, 'recording')}</span>
          <span className="muted">{prompt.translated ? '✓ translated' : 'not translated yet'}</span>
          {prompt.teaching && (
            <span className="muted" data-testid="teaching-rank" title={prompt.teaching.reason}>
              Teaching rank {prompt.teaching.rank} of {prompt.teaching.of}: {prompt.teaching.reason}
            </span>
          )}
        </div>
      </td>
      <td data-label="Reports">
        {reasons.length === 0 ? (
          <span className="muted">none</span>
        ) : (
          <ul className="review-reasons">
            {reasons.map(([reason, count]) => (
              <li key={reason}>
                ⚑ {PROMPT_REPORT_REASON_LABELS[reason]}: {count}
              </li>
            ))}
          </ul>
        )}
      </td>
      <StateCell
        label={prompt.retiredAt ? '✗ Retired' : '✓ In use'}
        reason={prompt.retiredReason}
        testId="prompt-state"
      />
      <td data-label="Actions">
        <div className="review-cell">
          {prompt.retiredAt ? (
            <button type="button" className="btn" onClick={() => void restore()}>
              Restore
            </button>
          ) : retiring ? (
            <RetireForm
              prompt={prompt}
              onCancel={() => setRetiring(false)}
              onDone={(reason) => {
                setRetiring(false);
                onChanged(`“${prompt.english}” is retired. Reason kept: ${reason}`);
              }}
            />
          ) : (
            <button type="button" className="btn" onClick={() => setRetiring(true)}>
              Retire
            </button>
          )}
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Retiring a sentence: a reason is required and kept. */
function RetireForm({
  prompt,
  onCancel,
  onDone,
}: {
  prompt: AdminPrompt;
  onCancel: () => void;
  onDone: (reason: string) => void;
}) {
  return (
    <ReasonForm
      reasonLabel="Why retire it?"
      submitLabel="Retire sentence"
      check={(reason) => {
        const parsed = retirePromptSchema.safeParse({ reason });
        return parsed.success
          ? { reason: parsed.data.reason }
          : { error: parsed.error.issues[0]?.message ?? 'Say why you retire this sentence' };
      }}
      send={async (reason) => {
        await promptsApi.retire(prompt.id, reason);
        onDone(reason);
      }}
      onCancel={onCancel}
    />
  );
}
