// /data: how much the community has contributed and how much of it is usable Lopit speech and approved text (the
// same figures /training and the exports show), what waits for review, and how far that is from a first model.
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import type { Speaker, Statistics } from '../../../core/api/data.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { data } from '../../../core/i18n/messages/data.ts';
import { CLIP_VOTES_TO_DECIDE, PROPOSAL_APPROVALS_TO_ACCEPT } from '../../../core/review/rules.ts';
import {
  MVP_GOAL_AUDIO_HOURS,
  MVP_GOAL_SPEAKERS,
  MVP_GOAL_TRANSLATION_PAIRS,
  SPEAKERS_TABLE_ROWS,
} from '../../../core/constants.ts';
import { PATHS } from '../../app/paths.ts';
import { formatNumber, useT, type Translate } from '../../i18n/i18n.tsx';
import { AGE_GROUP_LABELS, GENDER_LABELS } from '../account/speaker-profile-form.tsx';
import { ActivitySection } from './activity-section.tsx';
import { formatHours } from './chart-scale.ts';
import { dataApi } from './data-api.ts';
import { DialectsSection } from './dialects-section.tsx';
import { LexiconPreview } from './lexicon-preview.tsx';
import './data.css';
import { ErrorBox } from '../../components/error-box.tsx';

export function DataPage() {
  const t = useT();
  const goalsId = useId();
  const [stats, setStats] = useState<Statistics | null>(null);
  const [speakers, setSpeakers] = useState<Speaker[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dataApi.statistics().then(setStats, (caught: Error) => setError(caught.message));
    dataApi.speakers().then(
      ({ speakers: list }) => setSpeakers(list),
      (caught: Error) => setError(caught.message),
    );
  }, []);

  return (
    <div className="page stack data-page">
      <div className="page-header">
        <h1>{t(data.title)}</h1>
        <p>{t(data.intro)}</p>
      </div>
      <p className="muted">{t(data.consentNote)}</p>
      <ErrorBox error={error} />
      <div className="grid" data-testid="stat-tiles">
        <Tile
          label={t(data.audioHours)}
          figures={[
            { value: stats?.lopitSpeech.hours, caption: t(data.lopitForTraining) },
            { value: stats?.totalAudioHours, caption: t(data.allCollected) },
          ]}
        />
        <Tile
          label={t(data.speakers)}
          figures={[
            { value: stats?.lopitSpeech.speakers, caption: t(data.lopitForTraining) },
            { value: stats?.totalSpeakers, caption: t(data.allCollected) },
          ]}
        />
        <Tile
          label={t(data.translationPairs)}
          figures={[
            { value: stats?.totalTranslations, caption: t(data.approved) },
            { value: stats?.pairsProposed, caption: t(data.proposed) },
          ]}
        />
        <Tile
          label={t(data.recordings)}
          figures={[
            { value: stats?.lopitSpeech.clips, caption: t(data.lopitForTraining) },
            { value: stats?.totalRecordings, caption: t(data.allCollected) },
          ]}
        />
      </div>
      <p className="muted" data-testid="stat-tiles-note">
        {t(data.tilesNote)}
      </p>
      <section className="card" aria-labelledby={goalsId}>
        <h2 id={goalsId}>{t(data.goalsTitle)}</h2>
        <p className="muted">
          {t(data.goalsNote, {
            clips: t(data.acceptedClips, { votes: CLIP_VOTES_TO_DECIDE }),
            pairs: t(data.acceptedPairs, { approvals: PROPOSAL_APPROVALS_TO_ACCEPT }),
          })}
        </p>
        <Goal
          label={t(data.goalAudio)}
          value={stats?.lopitSpeech.hours ?? 0}
          goal={MVP_GOAL_AUDIO_HOURS}
          words={(value) => formatHours(value)}
        />
        <Goal
          label={t(data.goalSpeakers)}
          value={stats?.lopitSpeech.speakers ?? 0}
          goal={MVP_GOAL_SPEAKERS}
          words={(value) => t(data.speakerCount, { count: value })}
        />
        <Goal
          label={t(data.goalPairs)}
          value={stats?.totalTranslations ?? 0}
          goal={MVP_GOAL_TRANSLATION_PAIRS}
          words={(value) => t(data.pairCount, { count: value })}
        />
      </section>
      <BacklogSection backlog={stats?.backlog ?? null} />
      <ActivitySection />
      <SpeakersTable speakers={speakers} />
      <DialectsSection />
      <LexiconPreview lexiconSize={stats?.lexiconSize ?? 0} />
    </div>
  );
}

/** The usable Lopit speech beside all audio collected (or approved pairs beside proposed), each with its word. */
function Tile({ label, figures }: { label: string; figures: { value: number | undefined; caption: string }[] }) {
  return (
    <div className="card stat">
      <span className="stat-label">{label}</span>
      <span className="stat-figures">
        {figures.map(({ value, caption }) => (
          <span key={caption} className="stat-figure">
            <span className="stat-value">{value === undefined ? '…' : formatNumber(value)}</span>
            <span className="stat-caption">{caption}</span>
          </span>
        ))}
      </span>
    </div>
  );
}

/** What waits for the community's ears and eyes before it can count. */
function BacklogSection({ backlog }: { backlog: Statistics['backlog'] | null }) {
  const t = useT();
  const headingId = useId();
  const rows: [MessageDescriptor, number | undefined][] = [
    [data.clipsPending, backlog?.clipsPending],
    [data.clipsReported, backlog?.clipsReported],
    [data.proposalsWaiting, backlog?.proposalsWaiting],
  ];
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(data.backlogTitle)}</h2>
      <p className="muted">
        {t(data.backlogNote)} <Link to={PATHS.listen}>{t(data.listenLink)}</Link> ·{' '}
        <Link to={PATHS.review}>{t(data.reviewLink)}</Link>
      </p>
      <dl className="data-backlog">
        {rows.map(([label, value]) => (
          <div key={label.id} className="data-backlog-item">
            <dt>{t(label)}</dt>
            <dd>{value === undefined ? '…' : formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A goal as a bar and in words: "2.25 of 20 hours (11%), 17.75 to go", or that it is reached. */
function Goal({
  label,
  value,
  goal,
  words,
}: {
  label: string;
  value: number;
  goal: number;
  words: (value: number) => string;
}) {
  const t = useT();
  const percent = Math.min(100, Math.floor((value / goal) * 100));
  const number = (n: number) => formatNumber(n, { maximumFractionDigits: 2 });
  const text =
    value >= goal
      ? t(data.goalReached, { amount: words(value), goal: number(goal) })
      : t(data.goalProgress, {
          value: number(value),
          goal: words(goal),
          percent: number(percent),
          left: number(Math.round((goal - value) * 100) / 100),
        });
  return (
    <div className="goal">
      <div className="goal-label">
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <progress
        className="progress"
        max={goal}
        value={Math.min(value, goal)}
        aria-label={t(data.goalLabel, { goal: label, progress: text })}
      />
    </div>
  );
}

/** A speaker's detail as the profile names it (“30 to 44”, “Prefer not to say”), or N/A when not given. */
function detail(t: Translate, labels: Record<string, MessageDescriptor>, value: string | null) {
  if (value === null || value === '') return t(data.notAvailable);
  const label = labels[value];
  return label ? t(label) : <span translate="no">{value}</span>;
}

function SpeakersTable({ speakers }: { speakers: Speaker[] | null }) {
  const t = useT();
  const headingId = useId();
  const columns = {
    speaker: t(data.speaker),
    ageGroup: t(data.ageGroup),
    gender: t(data.gender),
    recordings: t(data.recordings),
    duration: t(data.duration),
  };
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(data.speakersTitle)}</h2>
      {speakers === null && <p>{t(data.loading)}</p>}
      {speakers?.length === 0 && <p className="muted">{t(data.noSpeakers)}</p>}
      {speakers && speakers.length > 0 && (
        <div className="table-wrap">
          <table className="card-table">
            <caption className="visually-hidden">
              {t(data.speakersCaption, { count: Math.min(SPEAKERS_TABLE_ROWS, speakers.length) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{columns.speaker}</th>
                <th scope="col">{columns.ageGroup}</th>
                <th scope="col">{columns.gender}</th>
                <th scope="col">{columns.recordings}</th>
                <th scope="col">{columns.duration}</th>
              </tr>
            </thead>
            <tbody>
              {speakers.slice(0, SPEAKERS_TABLE_ROWS).map((speaker) => (
                <tr key={speaker.id}>
                  <td data-label={columns.speaker} translate="no">
                    {speaker.id}
                  </td>
                  <td data-label={columns.ageGroup}>{detail(t, AGE_GROUP_LABELS, speaker.ageGroup)}</td>
                  <td data-label={columns.gender}>{detail(t, GENDER_LABELS, speaker.gender)}</td>
                  <td data-label={columns.recordings}>{formatNumber(speaker.recordingCount)}</td>
                  <td data-label={columns.duration}>{formatNumber(speaker.totalDuration)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
