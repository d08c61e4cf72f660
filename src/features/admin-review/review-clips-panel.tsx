// Admin: the clips' review queue. Filter by review state (`reported`: every clip with an open report) and by the
// server's quality flag, listen to a clip, see its votes and the reports with their count and reasons, and
// settle it validated or invalidated with a reason that is kept (it overrides the votes: core/review/rules.ts).
import { useEffect, useId, useState } from 'react';
import { FieldError } from '../../components/field-error.tsx';
import {
  CLIP_FLAGS,
  clipSettleSchema,
  type AdminClip,
  type ClipFlag,
  type ClipSettle,
} from '../../../core/api/review.ts';
import { flagProblems } from '../../../core/audio/quality.ts';
import { RECORDING_MIN_SECONDS } from '../../../core/constants.ts';
import { adminReview, CLIP_STATE_MESSAGES } from '../../../core/i18n/messages/admin-review.ts';
import { qualityAdvice, qualityLabels } from '../../../core/i18n/messages/recording.ts';
import { clipReportReasons } from '../../../core/i18n/messages/review.ts';
import {
  CLIP_REPORTERS_TO_HOLD,
  CLIP_REVIEW_STATES,
  type ClipReviewState,
} from '../../../core/review/rules.ts';
import { formatDate, formatNumber, useT } from '../../i18n/i18n.tsx';
import { recordingsApi } from '../recording/recordings-api.ts';
import { reviewQueueApi } from './admin-review-api.ts';
import { useLoaded } from '../../lib/use-loaded.ts';
import { QueueFilter, QueueMessages, QueuePager, ReasonForm, StateCell } from './review-queue.tsx';

export function ReviewClipsPanel() {
  const t = useT();
  const headingId = useId();
  const [state, setState] = useState<ClipReviewState | ''>('');
  const [flag, setFlag] = useState<ClipFlag | ''>('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const filter = { state: state || undefined, flag: flag || undefined, page };
  const queue = useLoaded(async () => {
    const answer = await reviewQueueApi.clips(filter);
    return { items: answer.clips, total: answer.total };
  }, JSON.stringify(filter));

  return (
    <section className="card" aria-labelledby={headingId} data-testid="review-clips">
      <h2 id={headingId}>{t(adminReview.clipsTitle)}</h2>
      <p className="muted">{t(adminReview.clipsIntro)}</p>
      <div className="toolbar">
        <QueueFilter
          label={t(adminReview.filterState)}
          value={state}
          anyLabel={t(adminReview.anyState)}
          values={CLIP_REVIEW_STATES}
          labelOf={(name) => t(adminReview.clipStateName, { state: name })}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
        />
        <QueueFilter
          label={t(adminReview.filterFlag)}
          value={flag}
          anyLabel={t(adminReview.anyFlag)}
          values={CLIP_FLAGS}
          labelOf={(name: ClipFlag) => t(qualityLabels[name]).toLocaleLowerCase()}
          onChange={(value) => {
            setFlag(value);
            setPage(1);
          }}
        />
        {queue.data && (
          <span className="muted" role="status" data-testid="clips-total">
            {t(adminReview.clipsTotal, { count: queue.data.total })}
          </span>
        )}
      </div>
      <QueueMessages
        queue={queue}
        notice={notice}
        loadingText={t(adminReview.clipsLoading)}
        emptyText={t(adminReview.clipsEmpty)}
      />
      {queue.data && queue.data.items.length > 0 && (
        <div className="table-wrap">
          <table className="card-table review-table">
            <thead>
              <tr>
                <th scope="col">{t(adminReview.columnClip)}</th>
                <th scope="col">{t(adminReview.columnFlags)}</th>
                <th scope="col">{t(adminReview.columnVotes)}</th>
                <th scope="col">{t(adminReview.columnReports)}</th>
                <th scope="col">{t(adminReview.stateColumn)}</th>
                <th scope="col">{t(adminReview.columnActions)}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.items.map((clip) => (
                <ClipRow
                  key={clip.id}
                  clip={clip}
                  onSettled={(text) => {
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
        <QueuePager page={page} total={queue.data.total} label={t(adminReview.clipsPages)} onPage={setPage} />
      )}
    </section>
  );
}

function ClipRow({ clip, onSettled }: { clip: AdminClip; onSettled: (notice: string) => void }) {
  const t = useT();
  const [deciding, setDeciding] = useState(false);
  const flags = flagProblems(clip.flags);
  return (
    <tr data-testid="review-clip-row" data-clip-id={clip.id}>
      <td data-label={t(adminReview.columnClip)}>
        <div className="review-cell">
          {clip.text ? (
            <span lang={clip.language === 'en' ? 'en' : 'lpx'}>{clip.text}</span>
          ) : (
            <span>{t(adminReview.noText)}</span>
          )}
          <span className="muted">
            {t(adminReview.clipDetails, {
              owner: clip.ownerName,
              seconds: formatNumber(clip.duration, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
              date: formatDate(clip.createdAt),
            })}
          </span>
        </div>
      </td>
      <td data-label={t(adminReview.columnFlags)}>
        {flags.length === 0 ? (
          <span className="muted">{t(adminReview.none)}</span>
        ) : (
          <span className="review-badges">
            {flags.map((problem) => (
              <span
                key={problem.kind}
                className="badge badge-flag"
                title={t(qualityAdvice[problem.kind], { seconds: RECORDING_MIN_SECONDS })}
              >
                {t(adminReview.flag, { label: t(qualityLabels[problem.kind]) })}
              </span>
            ))}
          </span>
        )}
      </td>
      <td data-label={t(adminReview.columnVotes)} className="review-votes">
        {t(adminReview.votes, { up: formatNumber(clip.upVotes), down: formatNumber(clip.downVotes) })}
      </td>
      <td data-label={t(adminReview.columnReports)}>
        {clip.reports.length === 0 ? (
          <span className="muted">{t(adminReview.none)}</span>
        ) : (
          <div className="review-cell">
            <span className="muted" data-testid="clip-report-count">
              {t(adminReview.clipReportCount, {
                count: clip.reports.length,
                hold: formatNumber(CLIP_REPORTERS_TO_HOLD),
              })}
            </span>
            <ul className="review-reasons">
              {clip.reports.map((report, index) => (
                <li key={index}>
                  {t(adminReview.report, { reason: t(clipReportReasons[report.reason]) })}
                  {report.note && (
                    <span className="muted">{t(adminReview.reportNote, { note: report.note })}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </td>
      <StateCell label={t(CLIP_STATE_MESSAGES[clip.state])} reason={clip.settledReason} testId="clip-state" />
      <td data-label={t(adminReview.columnActions)}>
        <div className="review-cell">
          <ClipPlayer clip={clip} />
          {deciding ? (
            <SettleForm
              clip={clip}
              onCancel={() => setDeciding(false)}
              onDone={(decision) => {
                setDeciding(false);
                onSettled(
                  t(adminReview.clipSettled, {
                    text: clip.text || clip.id,
                    state: decision.state,
                    reason: decision.reason,
                  }),
                );
              }}
            />
          ) : (
            <button type="button" className="btn" onClick={() => setDeciding(true)}>
              {t(adminReview.decide)}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Plays a clip from the server (fetched with the admin's session, then played from memory). */
function ClipPlayer({ clip }: { clip: AdminClip }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  async function load() {
    setBusy(true);
    setError(null);
    try {
      setUrl(URL.createObjectURL(await recordingsApi.audio(clip.id)));
    } catch (caught) {
      setError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (url)
    return (
      <audio
        controls
        autoPlay
        src={url}
        className="review-audio"
        aria-label={t(adminReview.clipAudio, { text: clip.text })}
      />
    );
  return (
    <>
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => void load()}
        aria-label={clip.text ? t(adminReview.playClip, { text: clip.text }) : t(adminReview.playUntitled)}
      >
        {busy ? t(adminReview.loading) : t(adminReview.play)}
      </button>
      {error && <FieldError text={error} alert />}
    </>
  );
}

/** The admin's decision on one clip: validated or invalidated, with a reason (required, kept). */
function SettleForm({
  clip,
  onCancel,
  onDone,
}: {
  clip: AdminClip;
  onCancel: () => void;
  onDone: (decision: ClipSettle) => void;
}) {
  const t = useT();
  const id = useId();
  const [state, setState] = useState<ClipSettle['state']>(
    clip.state === 'invalidated' ? 'validated' : clip.state === 'validated' ? 'invalidated' : 'validated',
  );
  return (
    <ReasonForm
      reasonLabel={t(adminReview.reason)}
      submitLabel={t(adminReview.saveDecision)}
      check={(reason) => {
        const parsed = clipSettleSchema.safeParse({ state, reason });
        if (parsed.success) return { reason: parsed.data.reason };
        return { error: parsed.error.issues.find((issue) => issue.path[0] === 'reason')?.message ?? '' };
      }}
      send={async (reason) => {
        await reviewQueueApi.settle(clip.id, { state, reason });
        onDone({ state, reason });
      }}
      onCancel={onCancel}
    >
      <fieldset className="review-choices">
        <legend>{t(adminReview.decision)}</legend>
        {(['validated', 'invalidated'] as const).map((choice) => (
          <label key={choice} className="checkbox">
            <input
              type="radio"
              name={`${id}-state`}
              value={choice}
              checked={state === choice}
              onChange={() => setState(choice)}
            />
            <span>
              {t(choice === 'validated' ? adminReview.validatedChoice : adminReview.invalidatedChoice)}
            </span>
          </label>
        ))}
      </fieldset>
    </ReasonForm>
  );
}
