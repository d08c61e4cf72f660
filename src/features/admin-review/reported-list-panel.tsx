// Admin: a list of sentences readers can report (the pairs' prompt sentences, the written sentences), reported
// ones first or all of them, page by page; each row shows its open reports by reason and can be retired with a
// reason that is kept, or restored. The panels say what their rows hold (review-prompts-panel.tsx,
// review-written-sentences-panel.tsx).
import { Fragment, useId, useState, type ReactNode } from 'react';
import { FieldError } from '../../components/field-error.tsx';
import { retirePromptSchema, type PromptReportReason } from '../../../core/api/prompts.ts';
import { adminReview } from '../../../core/i18n/messages/admin-review.ts';
import { promptReportReasons } from '../../../core/i18n/messages/speak.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { useLoaded } from '../../lib/use-loaded.ts';
import { QueueFilter, QueueMessages, QueuePager, ReasonForm, StateCell } from './review-queue.tsx';

export function ReportedListPanel<Item>({
  title,
  intro,
  testId,
  load,
  keyOf,
  row,
}: {
  title: string;
  intro: string;
  testId: string;
  load: (filter: { reported: boolean; page: number }) => Promise<{ items: Item[]; total: number }>;
  keyOf: (item: Item) => number;
  /** One table row (its first cells: the sentence and its use; ReportsCell and RetireCells after them). */
  row: (item: Item, onChanged: (notice: string) => void) => ReactNode;
}) {
  const t = useT();
  const headingId = useId();
  const [shown, setShown] = useState<'reported' | ''>('reported');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const filter = { reported: shown === 'reported', page };
  const queue = useLoaded(() => load(filter), JSON.stringify(filter));
  const onChanged = (text: string) => {
    setNotice(text);
    void queue.reload();
  };

  return (
    <section className="card" aria-labelledby={headingId} data-testid={testId}>
      <h2 id={headingId}>{title}</h2>
      <p className="muted">{intro}</p>
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
              {queue.data.items.map((item) => (
                <Fragment key={keyOf(item)}>{row(item, onChanged)}</Fragment>
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

/** The open reports of a sentence by reason, or "none". */
export function ReportsCell({ reasons }: { reasons: Partial<Record<PromptReportReason, number>> }) {
  const t = useT();
  const counted = Object.entries(reasons) as [PromptReportReason, number][];
  return (
    <td data-label={t(adminReview.columnReports)}>
      {counted.length === 0 ? (
        <span className="muted">{t(adminReview.none)}</span>
      ) : (
        <ul className="review-reasons">
          {counted.map(([reason, count]) => (
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
  );
}

/**
 * The state and actions cells of a sentence that can be retired: Retire opens a form whose reason is required
 * and kept; a retired one can be restored. `text` names the sentence in the notices.
 */
export function RetireCells({
  text,
  retiredAt,
  retiredReason,
  stateTestId,
  retire,
  restore,
  onChanged,
}: {
  text: string;
  retiredAt: string | null;
  retiredReason: string | null;
  stateTestId: string;
  retire: (reason: string) => Promise<unknown>;
  restore: () => Promise<unknown>;
  onChanged: (notice: string) => void;
}) {
  const t = useT();
  const [retiring, setRetiring] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onRestore() {
    setError(null);
    try {
      await restore();
      onChanged(t(adminReview.restored, { english: text }));
    } catch (caught) {
      setError((caught as Error).message);
    }
  }

  return (
    <>
      <StateCell
        label={t(retiredAt ? adminReview.retired : adminReview.inUse)}
        reason={retiredReason}
        testId={stateTestId}
      />
      <td data-label={t(adminReview.columnActions)}>
        <div className="review-cell">
          {retiredAt ? (
            <button type="button" className="btn" onClick={() => void onRestore()}>
              {t(adminReview.restore)}
            </button>
          ) : retiring ? (
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
                await retire(reason);
                setRetiring(false);
                onChanged(t(adminReview.retiredNotice, { english: text, reason }));
              }}
              onCancel={() => setRetiring(false)}
            />
          ) : (
            <button type="button" className="btn" onClick={() => setRetiring(true)}>
              {t(adminReview.retire)}
            </button>
          )}
          {error && <FieldError text={error} alert />}
        </div>
      </td>
    </>
  );
}
