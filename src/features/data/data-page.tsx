// /data: how much the community has contributed and how much of it the community has accepted, what waits for
// review, and how far the accepted data is from a first model of each kind.
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { PREFER_NOT_TO_SAY } from '../../../core/api/auth.ts';
import {
  ACCEPTED_CLIPS_TEXT,
  ACCEPTED_PAIRS_TEXT,
  type Speaker,
  type Statistics,
} from '../../../core/api/data.ts';
import {
  MVP_GOAL_AUDIO_HOURS,
  MVP_GOAL_SPEAKERS,
  MVP_GOAL_TRANSLATION_PAIRS,
  SPEAKERS_TABLE_ROWS,
} from '../../../core/constants.ts';
import { PATHS } from '../../app/paths.ts';
import { ActivitySection } from './activity-section.tsx';
import { formatCount, formatHours } from './chart-scale.ts';
import { dataApi } from './data-api.ts';
import { DialectsSection } from './dialects-section.tsx';
import { LexiconPreview } from './lexicon-preview.tsx';
import './data.css';

export function DataPage() {
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
        <h1>Data Dashboard</h1>
        <p>Everything the community has contributed so far.</p>
      </div>
      <p className="muted">
        Only contributions whose contributors consent now are counted: a withdrawn consent removes them at once.
      </p>
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
      <div className="grid" data-testid="stat-tiles">
        <Tile
          label="Audio hours"
          figures={[
            { value: stats?.totalAudioHours, caption: 'recorded' },
            { value: stats?.validatedAudioHours, caption: 'validated' },
          ]}
          note={stats ? `${formatHours(stats.transcribedAudioHours)} transcribed` : undefined}
        />
        <Tile
          label="Speakers"
          figures={[
            { value: stats?.totalSpeakers, caption: 'recorded' },
            { value: stats?.validatedSpeakers, caption: 'validated' },
          ]}
        />
        <Tile
          label="Translation pairs"
          figures={[
            { value: stats?.totalTranslations, caption: 'approved' },
            { value: stats?.pairsProposed, caption: 'proposed' },
          ]}
        />
        <Tile
          label="Recordings"
          figures={[
            { value: stats?.totalRecordings, caption: 'recorded' },
            { value: stats?.validatedRecordings, caption: 'validated' },
          ]}
        />
      </div>
      <section className="card" aria-labelledby={goalsId}>
        <h2 id={goalsId}>Progress toward a first model</h2>
        <p className="muted">
          The goals count only what the community has accepted. {ACCEPTED_CLIPS_TEXT} {ACCEPTED_PAIRS_TEXT}
        </p>
        <Goal
          label="Validated audio hours"
          value={stats?.validatedAudioHours ?? 0}
          goal={MVP_GOAL_AUDIO_HOURS}
          words={(value) => formatHours(value)}
        />
        <Goal
          label="Speakers with validated recordings"
          value={stats?.validatedSpeakers ?? 0}
          goal={MVP_GOAL_SPEAKERS}
          words={(value) => formatCount(value, 'speaker')}
        />
        <Goal
          label="Approved translation pairs"
          value={stats?.totalTranslations ?? 0}
          goal={MVP_GOAL_TRANSLATION_PAIRS}
          words={(value) => formatCount(value, 'pair')}
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

/** A figure as recorded beside the same figure as accepted (or approved beside proposed), each with its word. */
function Tile({
  label,
  figures,
  note,
}: {
  label: string;
  figures: { value: number | undefined; caption: string }[];
  note?: string | undefined;
}) {
  return (
    <div className="card stat">
      <span className="stat-label">{label}</span>
      <span className="stat-figures">
        {figures.map(({ value, caption }) => (
          <span key={caption} className="stat-figure">
            <span className="stat-value">{value === undefined ? '…' : value.toLocaleString('en')}</span>
            <span className="stat-caption">{caption}</span>
          </span>
        ))}
      </span>
      {note && <span className="stat-note muted">{note}</span>}
    </div>
  );
}

/** What waits for the community's ears and eyes before it can count. */
function BacklogSection({ backlog }: { backlog: Statistics['backlog'] | null }) {
  const headingId = useId();
  const rows: [string, number | undefined][] = [
    ['Clips waiting for votes', backlog?.clipsPending],
    ['Clips reported to the admins', backlog?.clipsReported],
    ['Translations waiting for review', backlog?.proposalsWaiting],
  ];
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Waiting for review</h2>
      <p className="muted">
        Until the community has checked them, these do not count toward the goals above.{' '}
        <Link to={PATHS.listen}>Listen to clips</Link> · <Link to={PATHS.review}>Review translations</Link>
      </p>
      <dl className="data-backlog">
        {rows.map(([label, value]) => (
          <div key={label} className="data-backlog-item">
            <dt>{label}</dt>
            <dd>{value === undefined ? '…' : value.toLocaleString('en')}</dd>
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
  const percent = Math.min(100, Math.floor((value / goal) * 100));
  const number = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 });
  const text =
    value >= goal
      ? `${words(value)}: goal of ${number(goal)} reached`
      : `${number(value)} of ${words(goal)} (${percent}%), ${number(Math.round((goal - value) * 100) / 100)} to go`;
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
        aria-label={`${label}: ${text}`}
      />
    </div>
  );
}

function SpeakersTable({ speakers }: { speakers: Speaker[] | null }) {
  const headingId = useId();
  const na = (value: string | number | null) =>
    value === null || value === '' ? 'N/A' : value === PREFER_NOT_TO_SAY ? 'Prefer not to say' : value;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Recent contributors</h2>
      {speakers === null && <p>Loading...</p>}
      {speakers?.length === 0 && <p className="muted">No recordings yet, so no speakers to show.</p>}
      {speakers && speakers.length > 0 && (
        <div className="table-wrap">
          <table className="card-table">
            <caption className="visually-hidden">
              The {Math.min(SPEAKERS_TABLE_ROWS, speakers.length)} speakers who recorded most recently
            </caption>
            <thead>
              <tr>
                <th scope="col">Speaker</th>
                <th scope="col">Age group</th>
                <th scope="col">Gender</th>
                <th scope="col">Recordings</th>
                <th scope="col">Total duration (s)</th>
              </tr>
            </thead>
            <tbody>
              {speakers.slice(0, SPEAKERS_TABLE_ROWS).map((speaker) => (
                <tr key={speaker.id}>
                  <td data-label="Speaker">{speaker.id}</td>
                  <td data-label="Age group">{na(speaker.ageGroup)}</td>
                  <td data-label="Gender">{na(speaker.gender)}</td>
                  <td data-label="Recordings">{speaker.recordingCount}</td>
                  <td data-label="Total duration (s)">{na(speaker.totalDuration)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
