// Admin: dataset exports (speech recognition, voice, translation) downloaded as zip archives with a progress
// bar. What each holds is shown before downloading; only consented contributions are ever in them, and only
// what the community accepted unless the speech recognition export's full set (for research) is chosen.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  datasetName,
  EXPORT_SET_LABELS,
  type AsrAudioFormat,
  type ExportKind,
  type ExportSet,
  type ExportSummary,
} from '../../../core/api/exports.ts';
import { CONTRIBUTION_LICENCE } from '../../../core/constants.ts';
import {
  DownloadCancelled,
  downloadArchive,
  exportsApi,
  megabytes,
  sizeText,
  type DownloadProgress,
} from './exports-api.ts';
import './exports.css';
import { formatCount } from '../data/chart-scale.ts';

interface Running {
  kind: ExportKind;
  fileName: string;
  progress: DownloadProgress;
  controller: AbortController;
}

const KIND_NAMES: Record<ExportKind, string> = {
  asr: 'speech recognition dataset',
  tts: 'voice dataset',
  mt: 'translation dataset',
};

const hours = (value: number) => value.toLocaleString('en', { maximumFractionDigits: 2 });

export function ExportsPanel() {
  const headingId = useId();
  const [summary, setSummary] = useState<ExportSummary | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // WAV opens in every toolkit; without ffmpeg on the server only the audio as recorded can be exported.
  const [asrAudio, setAsrAudio] = useState<AsrAudioFormat>('wav');
  const [asrSet, setAsrSet] = useState<ExportSet>('accepted');
  const [speaker, setSpeaker] = useState('');
  const [running, setRunning] = useState<Running | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const mounted = useRef(true);
  const controllerRef = useRef<AbortController | null>(null);

  const load = () => {
    exportsApi.summary().then(
      (answer) => {
        setSummary(answer);
        setLoadError(null);
        if (!answer.ffmpeg) setAsrAudio('original');
        setSpeaker((chosen) =>
          answer.tts.speakers.some((item) => item.id === chosen)
            ? chosen
            : (answer.tts.defaultSpeakerId ?? ''),
        );
      },
      (caught: Error) => setLoadError(caught.message),
    );
  };
  useEffect(() => {
    mounted.current = true;
    load();
    return () => {
      mounted.current = false;
      // Leaving the page stops a download in progress.
      controllerRef.current?.abort();
    };
  }, []);

  async function start(kind: ExportKind, path: string, set: ExportSet = 'accepted') {
    const fileName = `${datasetName(kind, new Date(), set)}.zip`;
    const controller = new AbortController();
    controllerRef.current = controller;
    setResult(null);
    setRunning({ kind, fileName, progress: { received: 0, total: null }, controller });
    try {
      const { bytes } = await downloadArchive(path, fileName, {
        signal: controller.signal,
        onProgress: (progress) =>
          mounted.current &&
          setRunning((now) => (now && now.controller === controller ? { ...now, progress } : now)),
      });
      if (mounted.current)
        setResult({ ok: true, text: `Saved ${fileName} (${sizeText({ received: bytes, total: null })}).` });
      load();
    } catch (caught) {
      if (!mounted.current) return;
      setResult(
        caught instanceof DownloadCancelled
          ? { ok: true, text: 'Download cancelled.' }
          : {
              ok: false,
              text: `The ${KIND_NAMES[kind]} could not be downloaded: ${(caught as Error).message}`,
            },
      );
    } finally {
      controllerRef.current = null;
      if (mounted.current) setRunning(null);
    }
  }

  const busy = running !== null;
  const asr = summary?.asr;
  const chosen = summary?.tts.speakers.find((item) => item.id === speaker);

  return (
    <section className="card stack" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId}>Dataset exports</h2>
        <p className="muted">
          Zip archives for training speech and translation models elsewhere. Only contributions whose
          contributors consent now are included, and only what the community accepted (validated clips,
          approved translations) unless you ask for the full speech set; each archive has a manifest.json with
          counts, hours, consent form versions and the licence ({CONTRIBUTION_LICENCE}, non-commercial).
          Speaker ids in the files are pseudonymous.
        </p>
      </div>
      {loadError && (
        <div className="error-box" role="alert">
          The export figures could not be loaded: {loadError}{' '}
          <button type="button" className="btn" onClick={load}>
            Try again
          </button>
        </div>
      )}
      {!summary && !loadError && <p>Loading...</p>}
      {summary && asr && (
        <div className="exports-list">
          <ExportCard
            title="Speech recognition (ASR)"
            description="Transcribed recordings in Common Voice's layout (validated.tsv, invalidated.tsv, other.tsv, reported.tsv with the votes; train, dev and test.tsv split by speaker; clip_durations.tsv), as a Hugging Face audiofolder with train, dev and test folders, and with NeMo manifests. The manifest.json says how each file is read."
            figures={`${asr.clips.toLocaleString('en')} validated clips, ${hours(asr.hours)} hours, ${asr.speakers.toLocaleString('en')} speakers. Not validated: ${asr.states.pending.toLocaleString('en')} waiting for votes, ${asr.states.reported.toLocaleString('en')} reported, ${asr.states.invalidated.toLocaleString('en')} invalidated. Left out of both sets: ${asr.untranscribed.toLocaleString('en')} without a transcript, ${asr.withoutConsent.toLocaleString('en')} without consent.`}
            button={asrSet === 'all' ? 'Download full ASR set (research)' : 'Download ASR dataset'}
            disabled={busy || (asrSet === 'all' ? asr.allAudioBytes === 0 : asr.clips === 0)}
            onDownload={() =>
              void start('asr', `admin/exports/asr.zip?audio=${asrAudio}&set=${asrSet}`, asrSet)
            }
          >
            <RadioChoice
              legend="Clips"
              name="asr-set"
              value={asrSet}
              onChange={setAsrSet}
              disabled={busy}
              options={[
                { value: 'accepted', label: EXPORT_SET_LABELS.accepted },
                {
                  value: 'all',
                  label: `${EXPORT_SET_LABELS.all}: every consented clip with its review state and votes (the file name says full)`,
                },
              ]}
            />
            <RadioChoice
              legend="Audio"
              name="asr-audio"
              value={asrAudio}
              onChange={setAsrAudio}
              disabled={busy}
              options={[
                {
                  value: 'wav',
                  label: `WAV, 16 kHz mono: opens in every toolkit${summary.ffmpeg ? '' : ' (needs ffmpeg on the server)'}`,
                  disabled: !summary.ffmpeg,
                },
                {
                  value: 'flac',
                  label: `FLAC, 16 kHz mono: the same audio, smaller; the download starts once every clip is encoded${summary.ffmpeg ? '' : ' (needs ffmpeg on the server)'}`,
                  disabled: !summary.ffmpeg,
                },
                {
                  value: 'original',
                  label: `As recorded, about ${megabytes(asrSet === 'all' ? asr.allAudioBytes : asr.audioBytes)}: WebM and MP4 clips need ffmpeg to open`,
                },
              ]}
            />
          </ExportCard>
          <ExportCard
            title="Voice (TTS)"
            description="One speaker's validated, transcribed recordings as LJSpeech: metadata.csv (id|text|normalised text) and 22,050 Hz mono WAV files."
            figures={
              chosen
                ? `${chosen.clips.toLocaleString('en')} validated clips, ${hours(chosen.hours)} hours of ${chosen.label}.`
                : 'No speaker has consented, transcribed recordings that listeners have validated yet.'
            }
            button="Download voice dataset"
            disabled={busy || !chosen || !summary.ffmpeg}
            note={
              summary.ffmpeg
                ? undefined
                : 'Converting to WAV needs ffmpeg on the server (Debian: apt-get install ffmpeg).'
            }
            onDownload={() =>
              void start('tts', `admin/exports/tts.zip?speaker=${encodeURIComponent(speaker)}`)
            }
          >
            {summary.tts.speakers.length > 0 && (
              <SpeakerSelect summary={summary} value={speaker} onChange={setSpeaker} disabled={busy} />
            )}
          </ExportCard>
          <ExportCard
            title="Translation (MT)"
            description="Approved English-Lopit pairs as TSV and TMX 1.4."
            figures={`${summary.mt.pairs.toLocaleString('en')} approved pairs.`}
            button="Download translation dataset"
            disabled={busy || summary.mt.pairs === 0}
            onDownload={() => void start('mt', 'admin/exports/mt.zip')}
          />
        </div>
      )}
      {running && <ProgressView running={running} />}
      {result && (
        <div className={result.ok ? 'success-box' : 'error-box'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </div>
      )}
    </section>
  );
}

function ExportCard({
  title,
  description,
  figures,
  button,
  disabled,
  note,
  onDownload,
  children,
}: {
  title: string;
  description: string;
  figures: string;
  button: string;
  disabled: boolean;
  note?: string | undefined;
  onDownload: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="exports-card">
      <h3>{title}</h3>
      <p>{description}</p>
      <p className="muted">{figures}</p>
      {children}
      {note && <p className="notice-box">{note}</p>}
      <div className="button-row">
        <button type="button" className="btn btn-primary" disabled={disabled} onClick={onDownload}>
          {button}
        </button>
      </div>
    </div>
  );
}

/** One choice of an export as radio buttons with their words. */
function RadioChoice<T extends string>({
  legend,
  name,
  value,
  onChange,
  disabled,
  options,
}: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  disabled: boolean;
  options: { value: T; label: string; disabled?: boolean }[];
}) {
  return (
    <fieldset className="exports-choice" disabled={disabled}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="checkbox">
          <input
            type="radio"
            name={name}
            checked={value === option.value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function SpeakerSelect({
  summary,
  value,
  onChange,
  disabled,
}: {
  summary: ExportSummary;
  value: string;
  onChange: (id: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Speaker (most audio first)</label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {summary.tts.speakers.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name} ({item.label}
            {item.dialect ? `, ${item.dialect}` : ''}): {hours(item.hours)} h,{' '}
            {formatCount(item.clips, 'clip')}
          </option>
        ))}
      </select>
    </div>
  );
}

function ProgressView({ running }: { running: Running }) {
  const { received, total } = running.progress;
  const percent = total ? Math.floor((received / total) * 100) : null;
  // Screen readers hear every tenth percent, not every chunk.
  const spoken = percent === null ? sizeText(running.progress) : `${Math.floor(percent / 10) * 10}%`;
  return (
    <div className="stack exports-progress">
      <p>
        Downloading {running.fileName}: {sizeText(running.progress)}
        {percent !== null && ` (${percent}%)`}
        {received === 0 && ' — the server is preparing the archive...'}
      </p>
      <progress
        className="progress"
        max={total ?? undefined}
        value={total ? received : undefined}
        aria-label={`Download of ${running.fileName}`}
        aria-valuetext={percent === null ? sizeText(running.progress) : `${percent}%`}
      />
      <p className="visually-hidden" role="status">
        {spoken}
      </p>
      <div className="button-row">
        <button type="button" className="btn" onClick={() => running.controller.abort()}>
          Cancel download
        </button>
      </div>
    </div>
  );
}
