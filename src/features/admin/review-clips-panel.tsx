// Admin: the clips' review queue. Filter by review state and by the server's quality flag, listen to a clip,
// see its votes and the reports with their reasons, and settle it validated or invalidated with a reason that
// is kept (it overrides the votes: core/review/rules.ts).
import { useEffect, useId, useState } from 'react';
import {
  CLIP_FLAGS,
  CLIP_REPORT_REASON_LABELS,
  clipSettleSchema,
  type AdminClip,
  type ClipFlag,
  type ClipSettle,
} from '../../../core/api/review.ts';
import { flagProblems } from '../../../core/audio/quality.ts';
import { CLIP_REVIEW_STATES, type ClipReviewState } from '../../../core/review/rules.ts';
import { formatCount } from '../data/chart-scale.ts';
import { recordingsApi } from '../recording/recordings-api.ts';
import { reviewQueueApi } from './review-api.ts';
import { QueueFilter, QueueMessages, QueuePager, ReasonForm, StateCell, useQueue } from './review-queue.tsx';

/** Each state in words, with a sign so colour is never the only mark. */
export const CLIP_STATE_LABELS: Record<ClipReviewState, string> = {
  pending: '◔ Pending',
  validated: '✓ Validated',
  invalidated: '✗ Invalidated',
  reported: '⚑ Reported',
};

const flagLabel = (flag: ClipFlag) => flagProblems([flag])[0]?.label ?? flag;

export function ReviewClipsPanel() {
  const headingId = useId();
  const [state, setState] = useState<ClipReviewState | ''>('');
  const [flag, setFlag] = useState<ClipFlag | ''>('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const filter = { state: state || undefined, flag: flag || undefined, page };
  const queue = useQueue(JSON.stringify(filter), async () => {
    const answer = await reviewQueueApi.clips(filter);
    return { items: answer.clips, total: answer.total };
  });

  return (
    <section className="card" aria-labelledby={headingId} data-testid="review-clips">
      <h2 id={headingId}>Clips in review</h2>
      <p className="muted">
        A clip counts as validated after two votes by other people with more up than down. Reported clips wait
        for you here. Your decision overrides the votes and its reason is kept.
      </p>
      <div className="toolbar">
        <QueueFilter
          label="State"
          value={state}
          anyLabel="all"
          values={CLIP_REVIEW_STATES}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
        />
        <QueueFilter
          label="Quality flag"
          value={flag}
          anyLabel="any"
          values={CLIP_FLAGS}
          labelOf={(name) => flagLabel(name).toLowerCase()}
          onChange={(value) => {
            setFlag(value);
            setPage(1);
          }}
        />
        {queue.data && (
          <span className="muted" role="status" data-testid="clips-total">
            {formatCount(queue.data.total, 'clip')}
          </span>
        )}
      </div>
      <QueueMessages queue={queue} notice={notice} what="clips" />
      {queue.data && queue.data.items.length > 0 && (
        <div className="table-wrap">
          <table className="card-table review-table">
            <thead>
              <tr>
                <th scope="col">Clip</th>
                <th scope="col">Flags</th>
                <th scope="col">Votes</th>
                <th scope="col">Reports</th>
                <th scope="col">State</th>
                <th scope="col">Actions</th>
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
      {queue.data && <QueuePager page={page} total={queue.data.total} label="clips" onPage={setPage} />}
    </section>
  );
}

function ClipRow({ clip, onSettled }: { clip: AdminClip; onSettled: (notice: string) => void }) {
  const [deciding, setDeciding] = useState(false);
  const flags = flagProblems(clip.flags);
  return (
    <tr data-testid="review-clip-row" data-clip-id={clip.id}>
      <td data-label="Clip">
        <div className="review-cell">
          <span lang={clip.language === 'en' ? 'en' : 'lpx'}>{clip.text || '(no text)'}</span>
          <span className="muted">
            {clip.ownerName} · {clip.duration.toFixed(1)} s · {new Date(clip.createdAt).toLocaleDateString()}
          </span>
        </div>
      </td>
      <td data-label="Flags">
        {flags.length === 0 ? (
          <span className="muted">none</span>
        ) : (
          <span className="review-badges">
            {flags.map((problem) => (
              <span key={problem.kind} className="badge badge-flag" title={problem.advice}>
                ⚠ {problem.label}
              </span>
            ))}
          </span>
        )}
      </td>
      <td data-label="Votes" className="review-votes">
        {clip.upVotes} up, {clip.downVotes} down
      </td>
      <td data-label="Reports">
        {clip.reports.length === 0 ? (
          <span className="muted">none</span>
        ) : (
          <ul className="review-reasons">
            {clip.reports.map((report, index) => (
              <li key={index}>
                ⚑ {CLIP_REPORT_REASON_LABELS[report.reason]}
                {report.note && <span className="muted">: “{report.note}”</span>}
              </li>
            ))}
          </ul>
        )}
      </td>
      <StateCell label={CLIP_STATE_LABELS[clip.state]} reason={clip.settledReason} testId="clip-state" />
      <td data-label="Actions">
        <div className="review-cell">
          <ClipPlayer clip={clip} />
          {deciding ? (
            <SettleForm
              clip={clip}
              onCancel={() => setDeciding(false)}
              onDone={(decision) => {
                setDeciding(false);
                onSettled(
                  `“${clip.text || clip.id}” is now ${decision.state}. Reason kept: ${decision.reason}`,
                );
              }}
            />
          ) : (
            <button type="button" className="btn" onClick={() => setDeciding(true)}>
              Decide
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Plays a clip from the server (fetched with the admin's session, then played from memory). */
function ClipPlayer({ clip }: { clip: AdminClip }) {
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
    return <audio controls autoPlay src={url} className="review-audio" aria-label={`Clip “${clip.text}”`} />;
  return (
    <>
      <button
        type="button"
        className="btn"
        disabled={busy}
        onClick={() => void load()}
        aria-label={`Play “${clip.text || 'the clip'}”`}
      >
        {busy ? 'Loading...' : '▶ Play'}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
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
  const id = useId();
  const [state, setState] = useState<ClipSettle['state']>(
    clip.state === 'invalidated' ? 'validated' : clip.state === 'validated' ? 'invalidated' : 'validated',
  );
  return (
    <ReasonForm
      reasonLabel="Reason"
      submitLabel="Save decision"
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
        <legend>Decision</legend>
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
              {choice === 'validated' ? 'Validated: models may learn from it' : 'Invalidated: left out'}
            </span>
          </label>
        ))}
      </fieldset>
    </ReasonForm>
  );
}
