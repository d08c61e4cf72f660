// /recording: record Lopit speech in the browser (reading a sentence, or freely), or import audio files.
// Every recording is kept on this device at once and delivered to the server by resumable upload when
// there is a connection; 'Your Recordings' shows both those waiting here and those on the server.
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { RECORDING_TITLE_MAX, RECORDING_TRANSCRIPT_MAX } from '../../../core/api/recordings.ts';
import { PATHS } from '../../app/paths.ts';
import { localDb } from '../../offline/local-db.ts';
import { syncEngine } from '../sync/sync.ts';
import { useAuth } from '../auth/use-auth.ts';
import { refreshConsentStatus } from '../consent/consent-status.ts';
import { deleteLocal, importFile, saveDraft } from './local-recordings.ts';
import { RecordingsList } from './recordings-list.tsx';
import { maxSeconds, useRecorder } from './use-recorder.ts';
import './recording.css';

type Mode = 'prompted' | 'free';

/** The recording consent, from the server when it answers, else from this device's copy. */
function useRecordingConsent(userId: string): boolean | null {
  const cached = useLiveQuery(() => localDb().consents.get(userId), [userId]);
  useEffect(() => {
    refreshConsentStatus(userId).catch((error: unknown) =>
      console.error('Failed to load consent status', error),
    );
  }, [userId]);
  if (cached === undefined) return null;
  return cached.status.recording;
}

function mediaDuration(file: File): Promise<number> {
  return new Promise((resolve) => {
    const audio = new Audio();
    const url = URL.createObjectURL(file);
    const done = (value: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(value) ? value : 0);
    };
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => done(audio.duration);
    audio.onerror = () => done(0);
    audio.src = url;
  });
}

export function RecordingPage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const consent = useRecordingConsent(userId);

  return (
    <div className="page stack">
      <div className="page-header">
        <h1>Audio Recording</h1>
        <p>
          Record Lopit speech, or import audio files. Recordings are kept on this phone and sent when there is
          a connection, even days later.
        </p>
      </div>
      {consent === false && (
        <div className="notice-box" role="status" data-testid="consent-needed">
          <p>
            Before you record, please give recording consent: it says how your voice may be used, and you can
            withdraw it at any time.
          </p>
          <Link to={PATHS.consent} className="btn btn-primary">
            Go to consent
          </Link>
        </div>
      )}
      {consent && userId && <Recorder userId={userId} />}
      {consent && userId && <ImportFiles userId={userId} />}
      {userId && <RecordingsList userId={userId} />}
    </div>
  );
}

function Recorder({ userId }: { userId: string }) {
  const { state, level, elapsed, start, stop, reset } = useRecorder(userId);
  const [mode, setMode] = useState<Mode>('prompted');
  const [readIn, setReadIn] = useState<'en' | 'lpx'>('en');
  const [title, setTitle] = useState('');
  const [transcript, setTranscript] = useState('');
  const [language, setLanguage] = useState<'lpx' | 'en'>('lpx');
  const [promptIndex, setPromptIndex] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const pairs = useLiveQuery(() => localDb().pairs.orderBy('id').toArray(), []);
  const prompts = useMemo(
    () => (pairs ?? []).filter((pair) => (readIn === 'lpx' ? pair.lopit.trim() !== '' : true)),
    [pairs, readIn],
  );
  const prompt = prompts.length > 0 ? prompts[promptIndex % prompts.length] : undefined;
  const promptText = prompt ? (readIn === 'lpx' ? prompt.lopit : prompt.english) : null;

  const drafts = useLiveQuery(
    () =>
      localDb()
        .recordings.where('userId')
        .equals(userId)
        .filter((recording) => recording.state === 'draft' && recording.chunkCount > 0)
        .toArray(),
    [userId],
  );
  const activeDraft = 'draftId' in state ? state.draftId : null;
  const interrupted = (drafts ?? []).filter((draft) => draft.id !== activeDraft);

  async function begin() {
    setSaved(null);
    if (mode === 'prompted' && prompt && promptText) {
      await start({ title: null, transcript: promptText, language: readIn, promptPairId: prompt.id });
    } else {
      await start({
        title: title.trim() || null,
        transcript: transcript.trim() || null,
        language,
        promptPairId: null,
      });
    }
  }

  async function keep() {
    if (state.kind !== 'review') return;
    await saveDraft(state.draftId, { durationSeconds: state.durationSeconds });
    await reset(false);
    setSaved('Saved on this phone. It will be uploaded when there is a connection.');
    if (mode === 'prompted') setPromptIndex((index) => index + 1);
    void syncEngine().trigger();
  }

  const recording = state.kind === 'recording' || state.kind === 'stopping';
  const percent = Math.round(level * 100);
  const levelWord = level < 0.05 ? 'very quiet' : level > 0.9 ? 'too loud' : 'good';
  return (
    <section className="card form" aria-labelledby="record-heading" data-testid="recorder">
      <h2 id="record-heading">Record New Audio</h2>
      {interrupted.length > 0 && (
        <div className="notice-box" role="status">
          {interrupted.map((draft) => (
            <p key={draft.id}>
              A recording from {new Date(draft.createdAt).toLocaleString()} was interrupted; about{' '}
              {draft.chunkCount} s were kept.{' '}
              <button
                type="button"
                className="btn"
                onClick={() =>
                  void saveDraft(draft.id, { durationSeconds: draft.chunkCount }).then(() =>
                    syncEngine().trigger(),
                  )
                }
              >
                Keep it
              </button>{' '}
              <button type="button" className="btn" onClick={() => void deleteLocal(draft.id)}>
                Discard it
              </button>
            </p>
          ))}
        </div>
      )}
      <fieldset disabled={recording || state.kind === 'review'}>
        <legend>What to record</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="mode"
            checked={mode === 'prompted'}
            onChange={() => setMode('prompted')}
          />
          <span>Read a sentence aloud</span>
        </label>
        <label className="checkbox">
          <input type="radio" name="mode" checked={mode === 'free'} onChange={() => setMode('free')} />
          <span>Record freely (a story, a song, a conversation)</span>
        </label>
      </fieldset>
      {mode === 'prompted' ? (
        <div className="stack">
          <label>
            Read in{' '}
            <select
              className="input"
              value={readIn}
              disabled={recording}
              onChange={(event) => setReadIn(event.target.value as 'en' | 'lpx')}
            >
              <option value="en">English</option>
              <option value="lpx">Lopit</option>
            </select>
          </label>
          {promptText ? (
            <p className="prompt-sentence" lang={readIn} data-testid="prompt">
              {promptText}
            </p>
          ) : (
            <p className="muted">
              {readIn === 'lpx'
                ? 'No sentence has a Lopit translation yet. Add some in the Translation Editor, or read in English.'
                : 'Open the Translation Editor once with a connection to download sentences to read.'}
            </p>
          )}
          <button
            type="button"
            className="btn"
            disabled={recording || prompts.length < 2}
            onClick={() => setPromptIndex((index) => index + 1)}
          >
            Another sentence
          </button>
        </div>
      ) : (
        <div className="stack">
          <label className="field">
            <span>Title (optional)</span>
            <input
              className="input"
              value={title}
              maxLength={RECORDING_TITLE_MAX}
              onChange={(event) => setTitle(event.target.value)}
            />
          </label>
          <label className="field">
            <span>What is said (optional)</span>
            <textarea
              className="input"
              rows={2}
              value={transcript}
              maxLength={RECORDING_TRANSCRIPT_MAX}
              onChange={(event) => setTranscript(event.target.value)}
            />
          </label>
          <label>
            Language{' '}
            <select
              className="input"
              value={language}
              onChange={(event) => setLanguage(event.target.value as 'lpx' | 'en')}
            >
              <option value="lpx">Lopit</option>
              <option value="en">English</option>
            </select>
          </label>
        </div>
      )}

      {state.kind === 'error' && (
        <div className="error-box" role="alert">
          {state.message}
        </div>
      )}
      {saved && (
        <div className="success-box" role="status">
          {saved}
        </div>
      )}

      {recording && (
        <div className="recorder-live" data-testid="recording-live">
          <p role="timer" aria-live="off">
            <span aria-hidden="true">●</span> Recording {Math.floor(elapsed)} s of at most {maxSeconds} s
          </p>
          <div
            className="level-meter"
            role="meter"
            aria-label="Microphone level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%, ${levelWord}`}
          >
            <div className="level-meter-fill" style={{ inlineSize: `${percent}%` }} />
          </div>
          <p className="muted">Level: {levelWord}</p>
        </div>
      )}

      {state.kind === 'review' && (
        <div className="stack" data-testid="review">
          <p>Listen before saving ({state.durationSeconds.toFixed(1)} s):</p>
          <audio controls src={state.url} data-testid="review-audio" />
          <div className="button-row">
            <button type="button" className="btn btn-primary" onClick={() => void keep()}>
              Save recording
            </button>
            <button type="button" className="btn btn-danger" onClick={() => void reset(true)}>
              Discard
            </button>
          </div>
        </div>
      )}

      {state.kind !== 'review' && (
        <div className="button-row">
          {recording ? (
            <button
              type="button"
              className="btn btn-danger"
              disabled={state.kind === 'stopping'}
              onClick={() => void stop()}
            >
              {state.kind === 'stopping' ? 'Finishing…' : 'Stop'}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={state.kind === 'starting' || (mode === 'prompted' && !promptText)}
              onClick={() => void begin()}
            >
              {state.kind === 'starting' ? 'Starting the microphone…' : 'Start recording'}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

function ImportFiles({ userId }: { userId: string }) {
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setBusy(true);
    const notes: string[] = [];
    for (const file of files) {
      if (!file.type.startsWith('audio/')) {
        notes.push(`${file.name} is not an audio file and was not added.`);
        continue;
      }
      await importFile(userId, file, await mediaDuration(file), {
        title: null,
        transcript: null,
        language: 'lpx',
      });
      notes.push(`${file.name} was added and will be uploaded.`);
    }
    setMessages(notes);
    setBusy(false);
    void syncEngine().trigger();
  }

  return (
    <section className="card form" aria-labelledby="import-heading">
      <h2 id="import-heading">Import audio files</h2>
      <label className="field">
        <span>Choose one or more audio files</span>
        <input
          type="file"
          accept="audio/*"
          multiple
          disabled={busy}
          onChange={(event) => void onFiles(event)}
        />
      </label>
      {messages.length > 0 && (
        <ul role="status">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
