// /listen: one clip at a time from the review pack on the phone, with the text it should say; "Yes" and "No"
// once the whole clip has played (as Common Voice asks), "Skip" and "Report" with a reason at any time. Votes go through the outbox, so
// the screen works offline for as long as the pack lasts.
import { useEffect, useId, useRef, useState } from 'react';
import { flagProblems } from '../../../core/audio/quality.ts';
import type { ClipFlag, ClipVote } from '../../../core/api/review.ts';
import { listen as m } from '../../../core/i18n/messages/review.ts';
import { formatNumber, useT, type Translate } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { qualityWord } from '../recording/quality-text.ts';
import { localDb, type PackedClip } from '../../offline/local-db.ts';
import { clipAudio } from '../../offline/review-pack.ts';
import { GoneNotice } from '../sync/gone-notice.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { bringBackSkipped, reportClip, skip, voteOnClip } from './review-actions.ts';
import { CountsLine, EmptyPack, OfflineNotice, ReviewTabs } from './review-shared.tsx';
import { useReviewShortcuts } from './use-review-shortcuts.ts';
import { refillPack, useClipPack, useReviewScreen } from './use-review-pack.ts';
import './review.css';

export function ListenPage() {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const pack = useClipPack(userId);
  const { refill, offline, counts, skipped } = useReviewScreen('clips', userId);
  // After the first answer, each next clip starts by itself: the reviewer's hands stay on the answers.
  const [autoPlay, setAutoPlay] = useState(false);
  const clip = pack?.[0];

  return (
    <div className="page stack review-page">
      <div className="page-header">
        <h1>{t(m.title)}</h1>
        <p>{t(m.intro)}</p>
      </div>
      <ReviewTabs current="listen" />
      <CountsLine counts={counts} noun="votes" />
      <GoneNotice />
      {offline && pack && <OfflineNotice held={pack.length} message={m.offline} />}
      {clip ? (
        <ClipCard
          key={clip.id}
          clip={clip}
          position={t(m.position, { count: pack.length })}
          autoPlay={autoPlay}
          onAnswered={() => setAutoPlay(true)}
          userId={userId}
        />
      ) : pack === undefined ? (
        <p role="status">{t(m.reading)}</p>
      ) : (
        <EmptyPack
          refill={refill}
          offline={offline}
          why={{
            offline: t(m.emptyOffline),
            online: t(m.emptyOnline),
          }}
          skipped={{ count: skipped, label: t(m.showSkipped, { count: formatNumber(skipped) }) }}
          onBringBack={() => void bringBackSkipped(userId, ['clip'])}
          onRetry={() => void refillPack('clips', userId, { force: true })}
        />
      )}
    </div>
  );
}

/** The server's flags in words ("too quiet, too short"), from the one quality rule. */
const flagWords = (t: Translate, flags: readonly ClipFlag[]) =>
  flagProblems(flags)
    .map((problem) => qualityWord(t, problem.kind))
    .join(', ');

const clock = (seconds: number) => {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * The object URL of a packed clip's audio (the phone's copy, never the network): null until read. The pack's
 * live query hands the card a new object for the same clip whenever the pack changes (a vote sent, a refill).
 * Once this clip's audio is read its URL stays: a new URL would reload the audio element, which stops it without
 * a pause event (the button said Pause over a silent clip that could no longer be played). While it is not read
 * (its chunks not yet on the phone), each new object of the clip reads it again.
 */
function useClipUrl(clip: PackedClip): { url: string | null; missing: boolean } {
  const [state, setState] = useState<{ id: string; url: string | null; missing: boolean } | null>(null);
  const read = state !== null && state.id === clip.id && state.url !== null;
  useEffect(() => {
    if (read) return;
    let current = true;
    void clipAudio(localDb(), clip).then((blob) => {
      const made = blob ? URL.createObjectURL(blob) : null;
      if (!current) {
        if (made) URL.revokeObjectURL(made);
        return;
      }
      setState({ id: clip.id, url: made, missing: !blob });
    });
    return () => {
      current = false;
    };
  }, [clip, read]);
  // Each URL is let go once another replaces it or the card goes.
  const url = state?.url ?? null;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return state?.id === clip.id ? { url: state.url, missing: state.missing } : { url: null, missing: false };
}

/** Exported for its client test; the page shows it. */
export interface ClipCardProps {
  clip: PackedClip;
  userId: string;
  position: string;
  autoPlay: boolean;
  onAnswered: () => void;
}

export function ClipCard({ clip, userId, position, autoPlay, onAnswered }: ClipCardProps) {
  const t = useT();
  const { url, missing } = useClipUrl(clip);
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [playedThrough, setPlayedThrough] = useState(false);
  const [played, setPlayed] = useState(0);
  const [failed, setFailed] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const flags = flagWords(t, clip.flags);

  useEffect(() => {
    if (autoPlay && url) void audio.current?.play().catch(() => undefined);
  }, [autoPlay, url]);

  function play() {
    const element = audio.current;
    if (!element) return;
    if (playing) return element.pause();
    if (element.ended) element.currentTime = 0;
    void element.play().catch(() => setFailed(true));
  }

  async function answer(run: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    audio.current?.pause();
    onAnswered();
    await run();
  }
  // A verdict needs the whole clip heard: until then Yes and No stay focusable but say why they do nothing.
  const vote = async (value: ClipVote) => {
    if (playedThrough) await answer(() => voteOnClip(userId, clip, value));
  };
  const skipClip = () => answer(() => skip(userId, 'clip', clip.id));

  useReviewShortcuts(!reporting, {
    p: play,
    y: () => void vote('up'),
    n: () => void vote('down'),
    s: () => void skipClip(),
  });

  return (
    <section className="card review-card" aria-labelledby="clip-heading" data-testid="listen-clip">
      <p className="muted review-position">{position}</p>
      <h2 id="clip-heading" className="review-question">
        {t(m.question)}
      </h2>
      <blockquote className="review-text" lang={clip.language ?? undefined} data-testid="clip-text">
        {clip.text}
      </blockquote>
      {flags && (
        <p className="review-flags" data-testid="clip-flags">
          <span aria-hidden="true">⚠ </span>
          {t(m.flagged, { flags })}
        </p>
      )}
      {url && (
        <audio
          ref={audio}
          src={url}
          preload="auto"
          data-testid="clip-audio"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          // A reload of the audio stops it without a pause event.
          onEmptied={() => setPlaying(false)}
          onTimeUpdate={(event) => setPlayed(event.currentTarget.currentTime)}
          onEnded={() => {
            setPlaying(false);
            setPlayedThrough(true);
            setPlayed(clip.duration);
          }}
          onError={() => setFailed(true)}
        />
      )}
      <div className="review-player">
        <button
          type="button"
          className="btn btn-primary review-play"
          onClick={play}
          disabled={!url || failed}
          aria-keyshortcuts="p"
        >
          <span aria-hidden="true">{playing ? '❚❚' : playedThrough ? '↻' : '▶'}</span>{' '}
          {t(playing ? m.pause : playedThrough ? m.replay : m.play)}
        </button>
        <progress
          className="review-progress"
          max={Math.max(clip.duration, 0.1)}
          value={Math.min(played, clip.duration)}
          aria-label={t(m.played)}
          aria-valuetext={t(m.playedValue, { played: clock(played), duration: clock(clip.duration) })}
        />
        <span className="muted review-clock">
          {clock(played)} / {clock(clip.duration)}
        </span>
      </div>
      {(failed || missing) && (
        <p className="error-box" role="alert">
          {t(m.cannotPlay)}
        </p>
      )}
      <div className="review-answers">
        <button
          type="button"
          className="btn review-answer review-yes"
          disabled={busy}
          aria-disabled={!playedThrough || undefined}
          aria-describedby={playedThrough ? undefined : hintId}
          aria-keyshortcuts="y"
          onClick={() => void vote('up')}
        >
          <span aria-hidden="true">✓</span> {t(m.yes)}
        </button>
        <button
          type="button"
          className="btn review-answer review-no"
          disabled={busy}
          aria-disabled={!playedThrough || undefined}
          aria-describedby={playedThrough ? undefined : hintId}
          aria-keyshortcuts="n"
          onClick={() => void vote('down')}
        >
          <span aria-hidden="true">✗</span> {t(m.no)}
        </button>
        <button
          type="button"
          className="btn review-answer"
          disabled={busy}
          aria-keyshortcuts="s"
          onClick={() => void skipClip()}
        >
          <span aria-hidden="true">→</span> {t(m.skip)}
        </button>
        <button
          type="button"
          className="btn btn-ghost review-answer"
          disabled={busy}
          onClick={() => setReporting(true)}
        >
          <span aria-hidden="true">⚑</span> {t(m.report)}
        </button>
      </div>
      {!playedThrough && (
        <p id={hintId} className="muted review-hint" data-testid="answer-hint">
          {t(m.answerHint)}
        </p>
      )}
      <p className="muted review-keys">{t(m.keys)}</p>
      <ReportDialog
        open={reporting}
        onClose={() => setReporting(false)}
        onReport={(report) => void answer(() => reportClip(userId, clip, report))}
      />
    </section>
  );
}
