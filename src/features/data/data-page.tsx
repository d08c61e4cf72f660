// /data: how much the community has contributed, and how far it is from a first model of each kind.
import { useEffect, useId, useState } from 'react';
import { PREFER_NOT_TO_SAY } from '../../../core/api/auth.ts';
import type { Speaker, Statistics } from '../../../core/api/data.ts';
import {
  MVP_GOAL_AUDIO_HOURS,
  MVP_GOAL_SPEAKERS,
  MVP_GOAL_TRANSLATION_PAIRS,
  SPEAKERS_TABLE_ROWS,
} from '../../../core/constants.ts';
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
          label="Total audio hours"
          value={stats?.totalAudioHours}
          note={stats ? `${formatHours(stats.transcribedAudioHours)} transcribed` : undefined}
        />
        <Tile label="Speakers" value={stats?.totalSpeakers} />
        <Tile label="Translation pairs" value={stats?.totalTranslations} />
        <Tile label="Recordings" value={stats?.totalRecordings} />
      </div>
      <section className="card" aria-labelledby={goalsId}>
        <h2 id={goalsId}>Progress toward a first model</h2>
        <Goal
          label="Audio hours"
          value={stats?.totalAudioHours ?? 0}
          goal={MVP_GOAL_AUDIO_HOURS}
          words={(value) => formatHours(value)}
        />
        <Goal
          label="Speakers"
          value={stats?.totalSpeakers ?? 0}
          goal={MVP_GOAL_SPEAKERS}
          words={(value) => formatCount(value, 'speaker')}
        />
        <Goal
          label="Translation pairs"
          value={stats?.totalTranslations ?? 0}
          goal={MVP_GOAL_TRANSLATION_PAIRS}
          words={(value) => formatCount(value, 'pair')}
        />
      </section>
      <ActivitySection />
      <SpeakersTable speakers={speakers} />
      <DialectsSection />
      <LexiconPreview lexiconSize={stats?.lexiconSize ?? 0} />
    </div>
  );
}

function Tile({ label, value, note }: { label: string; value: number | undefined; note?: string | undefined }) {
  return (
    <div className="card stat">
      <span className="stat-value">{value === undefined ? '…' : value.toLocaleString('en')}</span>
      <span className="stat-label">{label}</span>
      {note && <span className="stat-note muted">{note}</span>}
    </div>
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
