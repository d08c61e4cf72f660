// Admin: the prompt sentences contributors read and translate, with how much each was recorded and translated,
// the reports against it (by reason) and whether it reads well aloud (Common Voice's limits, core/api/prompts.ts).
// Retiring one (with a reason that is kept) takes it out of every phone's packs; restoring brings it back.
import { useId, useState } from 'react';
import { FieldError } from '../../components/field-error.tsx';
import { retirePromptSchema, type AdminPrompt, type PromptReportReason } from '../../../core/api/prompts.ts';
import { adminReview } from '../../../core/i18n/messages/admin-review.ts';
import {
  contributionLabels,
  PROMPT_READ_PROBLEM_MESSAGES,
} from '../../../core/i18n/messages/contribution-labels.ts';
import { promptReportReasons } from '../../../core/i18n/messages/speak.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { promptsApi } from './admin-review-api.ts';
import { teachingReason } from './teaching-reason.ts';
import { useLoaded } from '../../lib/use-loaded.ts';
import { QueueFilter, QueueMessages, QueuePager, ReasonForm, StateCell } from './review-queue.tsx';

export function ReviewPromptsPanel() {
  const t = useT();
  const headingId = useId();
  const [shown, setShown] = useState<'reported' | ''>('reported');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const filter = { reported: shown === 'reported', page };
  const queue = useLoaded(async () => {
    const answer = await promptsApi.list(filter);
    return { items: answer.prompts, total: answer.total };
  }, JSON.stringify(filter));

  return (
    <section className="card" aria-labelledby={headingId} data-testid="review-prompts">
      <h2 id={headingId}>{t(adminReview.promptsTitle)}</h2>
      <p className="muted">{t(adminReview.promptsIntro)}</p>
      <div className="toolbar">
        <QueueFilter
          label={t(adminReview.show)}
          value={shown}
          anyLabel={t(adminReview.allSentences)}
          values={['reported'] as const}
          labelOf={() => t(adminReview.reportedOnes)}
          onChange={(value) => {
            setShown(value);
            setPage(1);
          }}
        />
        {queue.data && (
          <span className="muted" role="status">
            {t(adminReview.sentencesTotal, { count: queue.data.total })}
          </span>
        )}
      </div>
      <QueueMessages
        queue={queue}
        notice={notice}
        loadingText={t(adminReview.sentencesLoading)}
        emptyText={t(adminReview.sentencesEmpty)}
      />
      {queue.data && queue.data.items.length > 0 && (
        <div className="table-wrap">
          <table className="card-table review-table">
            <thead>
              <tr>
                <th scope="col">{t(adminReview.columnSentence)}</th>
                <th scope="col">{t(adminReview.columnUse)}</th>
                <th scope="col">{t(adminReview.columnReports)}</th>
                <th scope="col">{t(adminReview.stateColumn)}</th>
                <th scope="col">{t(adminReview.columnActions)}</th>
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
      {queue.data && (
        <QueuePager
          page={page}
          total={queue.data.total}
          label={t(adminReview.sentencesPages)}
          onPage={setPage}
        />
      )}
    </section>
  );
}

function PromptRow({ prompt, onChanged }: { prompt: AdminPrompt; onChanged: (notice: string) => void }) {
  const t = useT();
  const [retiring, setRetiring] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasons = Object.entries(prompt.reasons) as [PromptReportReason, number][];

  async function restore() {
    setError(null);
    try {
      await promptsApi.restore(prompt.id);
      onChanged(t(adminReview.restored, { english: prompt.english }));
    } catch (caught) {
      setError((caught as Error).message);
    }
  }

  return (
    <tr data-testid="review-prompt-row">
      <td data-label={t(adminReview.columnSentence)}>
        <div className="review-cell">
          <span lang="en">{prompt.english}</span>
          <span className="muted">{t(contributionLabels.category, { category: prompt.category })}</span>
          {prompt.readProblems.map((problem) => (
            <span key={problem} className="badge badge-flag">
              {t(adminReview.flag, { label: t(PROMPT_READ_PROBLEM_MESSAGES[problem]) })}
            </span>
          ))}
        </div>
      </td>
      <td data-label={t(adminReview.columnUse)}>
        <div className="review-cell">
          <span>{t(adminReview.recordings, { count: prompt.recordings })}</span>
          <span className="muted">
            {t(prompt.translated ? adminReview.translated : adminReview.notTranslated)}
          </span>
          {prompt.teaching && (
            <span className="muted" data-testid="teaching-rank">
              {t(adminReview.teachingRank, {
                rank: formatNumber(prompt.teaching.rank),
                of: formatNumber(prompt.teaching.of),
                reason: teachingReason(t, prompt.teaching),
              })}
            </span>
          )}
        </div>
      </td>
      <td data-label={t(adminReview.columnReports)}>
        {reasons.length === 0 ? (
          <span className="muted">{t(adminReview.none)}</span>
        ) : (
          <ul className="review-reasons">
            {reasons.map(([reason, count]) => (
              <li key={reason}>
                {t(adminReview.reportCount, {
                  reason: t(promptReportReasons[reason]),
                  count: formatNumber(count),
                })}
              </li>
            ))}
          </ul>
        )}
      </td>
      <StateCell
        label={t(prompt.retiredAt ? adminReview.retired : adminReview.inUse)}
        reason={prompt.retiredReason}
        testId="prompt-state"
      />
      <td data-label={t(adminReview.columnActions)}>
        <div className="review-cell">
          {prompt.retiredAt ? (
            <button type="button" className="btn" onClick={() => void restore()}>
              {t(adminReview.restore)}
            </button>
          ) : retiring ? (
            <RetireForm
              prompt={prompt}
              onCancel={() => setRetiring(false)}
              onDone={(reason) => {
                setRetiring(false);
                onChanged(t(adminReview.retiredNotice, { english: prompt.english, reason }));
              }}
            />
          ) : (
            <button type="button" className="btn" onClick={() => setRetiring(true)}>
              {t(adminReview.retire)}
            </button>
          )}
          {error && <FieldError text={error} alert />}
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
  const t = useT();
  return (
    <ReasonForm
      reasonLabel={t(adminReview.whyRetire)}
      submitLabel={t(adminReview.retireSentence)}
      check={(reason) => {
        const parsed = retirePromptSchema.safeParse({ reason });
        return parsed.success
          ? { reason: parsed.data.reason }
          : { error: parsed.error.issues[0]?.message ?? t(adminReview.sayWhy) };
      }}
      send={async (reason) => {
        await promptsApi.retire(prompt.id, reason);
        onDone(reason);
      }}
      onCancel={onCancel}
    />
  );
}
