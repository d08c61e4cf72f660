// Admin: the Lopit sentences contributors wrote to be read aloud (/sentences), with who wrote them, how often each
// was read, and readers' reports by reason, reported ones first. Retiring one (with a reason that is kept) takes
// it out of every phone's pack and settles its reports; it stays validated, exported as not in use. Restoring
// brings it back (reported-list-panel.tsx).
import type { AdminWrittenSentence } from '../../../core/api/sentences.ts';
import { adminReview } from '../../../core/i18n/messages/admin-review.ts';
import { useT } from '../../i18n/i18n.tsx';
import { writtenSentencesApi } from './admin-review-api.ts';
import { ReportedListPanel, ReportsCell, RetireCells } from './reported-list-panel.tsx';

export function ReviewWrittenSentencesPanel() {
  const t = useT();
  return (
    <ReportedListPanel
      title={t(adminReview.writtenTitle)}
      intro={t(adminReview.writtenIntro)}
      testId="review-written-sentences"
      load={async (filter) => {
        const answer = await writtenSentencesApi.list(filter);
        return { items: answer.sentences, total: answer.total };
      }}
      keyOf={(sentence) => sentence.id}
      row={(sentence, onChanged) => <WrittenSentenceRow sentence={sentence} onChanged={onChanged} />}
    />
  );
}

function WrittenSentenceRow({
  sentence,
  onChanged,
}: {
  sentence: AdminWrittenSentence;
  onChanged: (notice: string) => void;
}) {
  const t = useT();
  return (
    <tr data-testid="review-written-row">
      <td data-label={t(adminReview.columnSentence)}>
        <div className="review-cell">
          <span lang="lpx">{sentence.text}</span>
          <span className="muted">
            {sentence.authorName
              ? t(adminReview.writtenBy, { name: sentence.authorName })
              : t(adminReview.writtenByNobody)}
          </span>
          {sentence.source && (
            <span className="muted">{t(adminReview.writtenSource, { source: sentence.source })}</span>
          )}
        </div>
      </td>
      <td data-label={t(adminReview.columnUse)}>
        <span>{t(adminReview.recordings, { count: sentence.recordings })}</span>
      </td>
      <ReportsCell reasons={sentence.reasons} />
      <RetireCells
        text={sentence.text}
        retiredAt={sentence.retiredAt}
        retiredReason={sentence.retiredReason}
        stateTestId="written-state"
        retire={(reason) => writtenSentencesApi.retire(sentence.id, reason)}
        restore={() => writtenSentencesApi.restore(sentence.id)}
        onChanged={onChanged}
      />
    </tr>
  );
}
