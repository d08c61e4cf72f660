// /data: how much the community has contributed, and how far it is from a first model of each kind.
import { useEffect, useState, type FormEvent } from 'react';
import type { LexiconEntry, Speaker, Statistics } from '../../../core/api/data.ts';
import {
  LEXICON_DASHBOARD_LIMIT,
  LEXICON_PREVIEW_ENTRIES,
  MVP_GOAL_AUDIO_HOURS,
  MVP_GOAL_SPEAKERS,
  MVP_GOAL_TRANSLATION_PAIRS,
  SPEAKERS_TABLE_ROWS,
} from '../../../core/constants.ts';
import { dataApi } from './data-api.ts';

export function DataPage() {
  const [stats, setStats] = useState<Statistics | null>(null);
  const [speakers, setSpeakers] = useState<Speaker[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    dataApi.statistics().then(setStats, (caught: Error) => setError(caught.message));
    dataApi.speakers().then(({ speakers: list }) => setSpeakers(list), (caught: Error) => setError(caught.message));
  }, []);

  return (
    <div className="page stack">
      <div className="page-header">
        <h1>Data Dashboard</h1>
        <p>Everything the community has contributed so far.</p>
      </div>
      {error && <div className="error-box" role="alert">{error}</div>}
      <div className="grid" data-testid="stat-tiles">
        <Tile label="Total audio hours" value={stats?.totalAudioHours} />
        <Tile label="Speakers" value={stats?.totalSpeakers} />
        <Tile label="Translation pairs" value={stats?.totalTranslations} />
        <Tile label="Recordings" value={stats?.totalRecordings} />
      </div>
      <section className="card" aria-labelledby="mvp-heading">
        <h2 id="mvp-heading">Progress toward a first model</h2>
        <Goal label="Audio hours" value={stats?.totalAudioHours ?? 0} goal={MVP_GOAL_AUDIO_HOURS} />
        <Goal label="Speakers" value={stats?.totalSpeakers ?? 0} goal={MVP_GOAL_SPEAKERS} />
        <Goal label="Translation pairs" value={stats?.totalTranslations ?? 0} goal={MVP_GOAL_TRANSLATION_PAIRS} />
      </section>
      <SpeakersTable speakers={speakers} />
      <LexiconPreview lexiconSize={stats?.lexiconSize ?? 0} />
    </div>
  );
}

function Tile({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="card stat">
      <span className="stat-value">{value === undefined ? '…' : value.toLocaleString()}</span>
      <span className="stat-label">{label}</span>
    </div>
  );
}

function Goal({ label, value, goal }: { label: string; value: number; goal: number }) {
  const percent = Math.min(100, Math.round((value / goal) * 100));
  return (
    <div className="goal">
      <div className="goal-label">
        <span>{label}</span>
        <span>
          {value.toLocaleString()} / {goal.toLocaleString()} ({percent}%)
        </span>
      </div>
      <progress className="progress" max={goal} value={Math.min(value, goal)} aria-label={`${label}: ${percent}% of the goal`} />
    </div>
  );
}

function SpeakersTable({ speakers }: { speakers: Speaker[] | null }) {
  const na = (value: string | number | null) => (value === null || value === '' ? 'N/A' : value);
  return (
    <section className="card" aria-labelledby="speakers-heading">
      <h2 id="speakers-heading">Recent contributors</h2>
      {speakers === null && <p>Loading...</p>}
      {speakers?.length === 0 && <p className="muted">No recordings yet, so no speakers to show.</p>}
      {speakers && speakers.length > 0 && (
        <div className="table-wrap">
          <table>
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
                  <td>{speaker.id}</td>
                  <td>{na(speaker.ageGroup)}</td>
                  <td>{na(speaker.gender)}</td>
                  <td>{speaker.recordingCount}</td>
                  <td>{na(speaker.totalDuration)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function LexiconPreview({ lexiconSize }: { lexiconSize: number }) {
  const [search, setSearch] = useState('');
  const [entries, setEntries] = useState<LexiconEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = (term: string) => {
    dataApi.lexicon(term, LEXICON_DASHBOARD_LIMIT).then(({ entries: list }) => setEntries(list), (caught: Error) => setError(caught.message));
  };
  useEffect(() => run(''), []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    run(search);
  };
  const shown = entries?.slice(0, LEXICON_PREVIEW_ENTRIES) ?? [];

  return (
    <section className="card" aria-labelledby="lexicon-heading">
      <h2 id="lexicon-heading">Lexicon</h2>
      <form className="toolbar" onSubmit={onSubmit} role="search">
        <label className="visually-hidden" htmlFor="lexicon-search">
          Search the lexicon
        </label>
        <input id="lexicon-search" className="input" type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search Lopit or English" />
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      {error && <div className="error-box" role="alert">{error}</div>}
      {entries?.length === 0 && <p className="muted">No lexicon entries{search ? ' match this search' : ' yet: community admins can import a word list'}.</p>}
      {shown.length > 0 && (
        <ul className="lexicon-list">
          {shown.map((entry, index) => (
            <li key={`${entry.lopit}-${index}`}>
              <strong lang="lpx">{entry.lopit}</strong> — {entry.english}
              {entry.partOfSpeech && <span className="muted"> ({entry.partOfSpeech})</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="muted">
        Showing {shown.length} of {lexiconSize} entries
      </p>
    </section>
  );
}
