// Admin: the prompt sentences contributors read and translate, with how much each was recorded and translated,
// the reports against it (by reason) and whether it reads well aloud (Common Voice's limits, core/api/prompts.ts).
// Retiring one (with a reason that is kept) takes it out of every phone's packs; restoring brings it back
// (reported-list-panel.tsx).
import type { AdminPrompt } from '../../../core/api/prompts.ts';
import { adminReview } from '../../../core/i18n/messages/admin-review.ts';
import {
  contributionLabels,
  PROMPT_READ_PROBLEM_MESSAGES,
} from '../../../core/i18n/messages/contribution-labels.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { promptsApi } from './admin-review-api.ts';
import { ReportedListPanel, ReportsCell, RetireCells } from './reported-list-panel.tsx';
import { teachingReason } from './teaching-reason.ts';

export function ReviewPromptsPanel() {
  const t = useT();
  return (
    <ReportedListPanel
      title={t(adminReview.promptsTitle)}
      intro={t(adminReview.promptsIntro)}
      testId="review-prompts"
      load={async (filter) => {
        const answer = await promptsApi.list(filter);
        return { items: answer.prompts, total: answer.total };
      }}
      keyOf={(prompt) => prompt.id}
      row={(prompt, onChanged) => <PromptRow prompt={prompt} onChanged={onChanged} />}
    />
  );
}

function PromptRow({ prompt, onChanged }: { prompt: AdminPrompt; onChanged: (notice: string) => void }) {
  const t = useT();
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
      <ReportsCell reasons={prompt.reasons} />
      <RetireCells
        text={prompt.english}
        retiredAt={prompt.retiredAt}
        retiredReason={prompt.retiredReason}
        stateTestId="prompt-state"
        retire={(reason) => promptsApi.retire(prompt.id, reason)}
        restore={() => promptsApi.restore(prompt.id)}
        onChanged={onChanged}
      />
    </tr>
  );
}
