// Admin: dataset exports (speech recognition, voice, translation) downloaded as zip archives with a progress
// bar. What each holds is shown before downloading; only consented contributions are ever in them, and only
// what the community accepted unless the speech recognition export's full set (for research) is chosen.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  datasetName,
  type AsrAudioFormat,
  type ExportKind,
  type ExportSet,
  type ExportSummary,
} from '../../../core/api/exports.ts';
import { CONTRIBUTION_LICENCE } from '../../../core/constants.ts';
import { adminExports } from '../../../core/i18n/messages/admin.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import {
  DownloadCancelled,
  downloadArchive,
  exportsApi,
  megabytes,
  sizeText,
  type DownloadProgress,
} from './exports-api.ts';
import './exports.css';

interface Running {
  kind: ExportKind;
  fileName: string;
  progress: DownloadProgress;
  controller: AbortController;
}

const hours = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });

export function ExportsPanel() {
  const t = useT();
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
        setResult({
          ok: true,
          text: t(adminExports.saved, { file: fileName, size: sizeText({ received: bytes, total: null }) }),
        });
      load();
    } catch (caught) {
      if (!mounted.current) return;
      setResult(
        caught instanceof DownloadCancelled
          ? { ok: true, text: t(adminExports.cancelled) }
          : { ok: false, text: t(adminExports.failed, { kind, error: (caught as Error).message }) },
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
        <h2 id={headingId}>{t(adminExports.title)}</h2>
        <p className="muted">{t(adminExports.intro, { licence: CONTRIBUTION_LICENCE })}</p>
      </div>
      {loadError && (
        <div className="error-box" role="alert">
          {t(adminExports.loadFailed, { error: loadError })}{' '}
          <button type="button" className="btn" onClick={load}>
            {t(adminExports.tryAgain)}
          </button>
        </div>
      )}
      {!summary && !loadError && <p>{t(adminExports.loading)}</p>}
      {summary && asr && (
        <div className="exports-list">
          <ExportCard
            title={t(adminExports.asrTitle)}
            description={t(adminExports.asrDescription)}
            figures={t(adminExports.asrFigures, {
              clips: asr.clips,
              hours: hours(asr.hours),
              speakers: asr.speakers,
              pending: formatNumber(asr.states.pending),
              reported: formatNumber(asr.states.reported),
              invalidated: formatNumber(asr.states.invalidated),
              untranscribed: formatNumber(asr.untranscribed),
              withoutConsent: formatNumber(asr.withoutConsent),
              otherLanguage: formatNumber(asr.otherLanguage),
            })}
            button={t(asrSet === 'all' ? adminExports.asrDownloadFull : adminExports.asrDownload)}
            disabled={busy || (asrSet === 'all' ? asr.allAudioBytes === 0 : asr.clips === 0)}
            onDownload={() =>
              void start('asr', `admin/exports/asr.zip?audio=${asrAudio}&set=${asrSet}`, asrSet)
            }
          >
            <RadioChoice
              legend={t(adminExports.clipsLegend)}
              name="asr-set"
              value={asrSet}
              onChange={setAsrSet}
              disabled={busy}
              options={[
                { value: 'accepted', label: t(adminExports.setAccepted) },
                { value: 'all', label: t(adminExports.setAll) },
              ]}
            />
            <RadioChoice
              legend={t(adminExports.audioLegend)}
              name="asr-audio"
              value={asrAudio}
              onChange={setAsrAudio}
              disabled={busy}
              options={[
                {
                  value: 'wav',
                  label: t(adminExports.audioWav, { ffmpeg: summary.ffmpeg ? 'present' : 'missing' }),
                  disabled: !summary.ffmpeg,
                },
                {
                  value: 'flac',
                  label: t(adminExports.audioFlac, { ffmpeg: summary.ffmpeg ? 'present' : 'missing' }),
                  disabled: !summary.ffmpeg,
                },
                {
                  value: 'original',
                  label: t(adminExports.audioOriginal, {
                    size: megabytes(asrSet === 'all' ? asr.allAudioBytes : asr.audioBytes),
                  }),
                },
              ]}
            />
          </ExportCard>
          <ExportCard
            title={t(adminExports.ttsTitle)}
            description={t(adminExports.ttsDescription)}
            figures={
              chosen
                ? t(adminExports.ttsFigures, {
                    clips: chosen.clips,
                    hours: hours(chosen.hours),
                    speaker: chosen.label,
                  })
                : t(adminExports.ttsNone)
            }
            button={t(adminExports.ttsDownload)}
            disabled={busy || !chosen || !summary.ffmpeg}
            note={summary.ffmpeg ? undefined : t(adminExports.ttsNeedsFfmpeg)}
            onDownload={() =>
              void start('tts', `admin/exports/tts.zip?speaker=${encodeURIComponent(speaker)}`)
            }
          >
            {summary.tts.speakers.length > 0 && (
              <SpeakerSelect summary={summary} value={speaker} onChange={setSpeaker} disabled={busy} />
            )}
          </ExportCard>
          <ExportCard
            title={t(adminExports.mtTitle)}
            description={t(adminExports.mtDescription)}
            figures={t(adminExports.mtFigures, { pairs: summary.mt.pairs })}
            button={t(adminExports.mtDownload)}
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
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t(adminExports.speaker)}</label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {summary.tts.speakers.map((item) => (
          <option key={item.id} value={item.id}>
            {t(adminExports.speakerOption, {
              name: item.name,
              label: item.label,
              dialect: item.dialect ? `, ${item.dialect}` : '',
              hours: hours(item.hours),
              clips: item.clips,
            })}
          </option>
        ))}
      </select>
    </div>
  );
}

function ProgressView({ running }: { running: Running }) {
  const t = useT();
  const { received, total } = running.progress;
  const percent = total ? Math.floor((received / total) * 100) : null;
  // Screen readers hear every tenth percent, not every chunk.
  const spoken =
    percent === null
      ? sizeText(running.progress)
      : formatNumber(Math.floor(percent / 10) / 10, { style: 'percent' });
  return (
    <div className="stack exports-progress">
      <p>
        {t(adminExports.downloading, { file: running.fileName, size: sizeText(running.progress) })}
        {percent !== null && ` (${formatNumber(percent / 100, { style: 'percent' })})`}
        {received === 0 && t(adminExports.preparing)}
      </p>
      <progress
        className="progress"
        max={total ?? undefined}
        value={total ? received : undefined}
        aria-label={t(adminExports.downloadOf, { file: running.fileName })}
        aria-valuetext={
          percent === null ? sizeText(running.progress) : formatNumber(percent / 100, { style: 'percent' })
        }
      />
      <p className="visually-hidden" role="status">
        {spoken}
      </p>
      <div className="button-row">
        <button type="button" className="btn" onClick={() => running.controller.abort()}>
          {t(adminExports.cancel)}
        </button>
      </div>
    </div>
  );
}
