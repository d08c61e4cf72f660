// 'Your Recordings': those waiting on this phone (with upload progress) and those on the server, with
// play, download and delete (confirmed). A waiting recording plays from this phone. Each row says what was said
// (the sentence read, the title, or the English a spoken translation answers), who spoke and in which language,
// from what the phone holds (its speakers and its copy of the sentences), offline too.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import type { InspectionState, Recording } from '../../../core/api/recordings.ts';
import { qualityProblems, type QualityProblem } from '../../../core/audio/quality.ts';
import { recording as m } from '../../../core/i18n/messages/recording.ts';
import { tell } from '../../../core/i18n/messages/tell.ts';
import { Modal } from '../../components/modal.tsx';
import { formatDate, formatNumber, useT, type Translate } from '../../i18n/i18n.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { localDb, recordingSubject, type LocalRecording, type OutboxEntry } from '../../offline/local-db.ts';
import { ClipPicture } from '../pictures/clip-picture.tsx';
import { refreshSpeakers } from '../speakers/field-speaker.ts';
import { retryAndSync } from '../sync/outbox-actions.ts';
import { useOutbox } from '../sync/use-outbox.ts';
import { audioBlob, deleteLocal } from './local-recordings.ts';
import { qualityAdviceText, qualityLabel } from './quality-text.ts';
import { recordingsApi } from './recordings-api.ts';

interface Row {
  id: string;
  fileName: string;
  title: string | null;
  transcript: string | null;
  language: 'lpx' | 'en' | null;
  speakerId: string | null;
  sourcePairId: number | null;
  /** The picture prompt a clip said "From a picture" answers. */
  pictureId: string | null;
  duration: number;
  /** When it was recorded (by the phone's clock), else when the server received it. */
  recordedAt: string;
  status: string;
  /** The server's quality verdict, once it has the recording and has checked its sound. */
  problems: QualityProblem[];
  /** On the server: where the check of its sound stands; null on the phone. */
  inspection: InspectionState | null;
  local: LocalRecording | null;
  upload: OutboxEntry | null;
  /** A Tell recording: where its cutting into pieces stands, in words; null for a clip. */
  story: string | null;
}

/** A Tell recording's line: waiting to be cut (on the phone or the server), cut into N pieces with M written, or not cut. */
function storyLine(t: Translate, story: Recording['story'] | undefined): string {
  if (story?.state === 'cut')
    return t(tell.cut, {
      segments: formatNumber(story.segments),
      transcribed: formatNumber(story.transcribed),
    });
  if (story?.state === 'failed') return t(tell.failed);
  return t(tell.waiting);
}

/** A recording on the server: uploaded, its sound being checked, or its sound not usable (and why). */
function serverStatus(t: Translate, recording: Recording): string {
  if (recording.inspection === 'inspecting') return t(m.statusChecking);
  if (recording.inspection === 'failed')
    return t(m.statusCheckFailed, { reason: recording.inspectionError ?? t(m.statusRefused) });
  return t(m.statusUploaded);
}

/** How often the list is read again while the server is still checking the sound of one of its recordings. */
const CHECKING_REFRESH_MS = 5_000;

function localStatus(t: Translate, recording: LocalRecording, entry: OutboxEntry | undefined): string {
  if (entry?.state === 'attention')
    return t(m.statusNotAccepted, { reason: entry.problem?.message ?? t(m.statusRefused) });
  if (recording.state === 'uploading' && recording.sizeBytes > 0)
    return t(m.statusUploading, {
      percent: Math.round((recording.uploadedBytes / recording.sizeBytes) * 100) / 100,
    });
  return t(m.statusWaiting);
}

/** What the recording holds, in a few words: its title, the sentence said, the English it translates, or its file. */
function whatWasSaid(t: Translate, row: Row, english: ReadonlyMap<number, string>): string {
  if (row.title) return row.title;
  if (row.transcript) return `“${row.transcript}”`;
  const source = row.sourcePairId === null ? undefined : english.get(row.sourcePairId);
  if (source) return t(m.translationOf, { english: source });
  return row.fileName;
}

/** Who spoke: the account holder, or the field speaker by the name kept on this phone. */
function whoSpoke(t: Translate, row: Row, names: ReadonlyMap<string, string>): string {
  if (row.speakerId === null) return t(m.spokenByYou);
  return names.get(row.speakerId) ?? t(m.spokenBySomeone);
}

/** Why the list is incomplete: offline (a quiet note), or an error to show. */
type ListError = { offline: true } | { offline: false; text: string };

async function blobFor(row: Row): Promise<Blob> {
  if (row.local) return audioBlob(row.local);
  return recordingsApi.audio(row.id);
}

export function RecordingsList({ userId }: { userId: string }) {
  const t = useT();
  const local = useLiveQuery(
    () =>
      localDb()
        .recordings.where('userId')
        .equals(userId)
        .filter((recording) => recording.state !== 'draft')
        .sortBy('createdAt'),
    [userId],
  );
  // Each local recording's upload in the outbox: a refused one says why and can be tried again.
  const uploads = new Map((useOutbox() ?? []).map((entry) => [entry.subject, entry]));
  const [server, setServer] = useState<Recording[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<ListError | null>(null);
  const [playing, setPlaying] = useState<{ id: string; url: string } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  // The names of this account's speakers (brought up to date when there is a signal) and the English of the
  // sentences spoken translations answer, from the phone's copy.
  useEffect(() => void refreshSpeakers(userId).catch(() => undefined), [userId]);
  const names = useLiveQuery(
    async () =>
      new Map(
        (await localDb().speakers.where('userId').equals(userId).toArray()).map((item) => [
          item.id,
          item.name,
        ]),
      ),
    [userId],
  );

  const load = useCallback(async (upTo: number) => {
    try {
      const answer = await recordingsApi.list(upTo);
      setServer(answer.recordings);
      setTotal(answer.total);
      setError(null);
    } catch (caught) {
      const failure = caught as ApiError;
      setServer((current) => current ?? []);
      setError(
        failure.status === null
          ? { offline: true }
          : { offline: false, text: t(m.loadFailed, { reason: failure.message }) },
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a change of language does not reload the list
  }, []);
  // Reload the server list when a local recording finishes uploading (it leaves the local list).
  const localCount = local?.length ?? 0;
  useEffect(() => void load(page), [load, page, localCount]);
  useEffect(() => () => (playing ? URL.revokeObjectURL(playing.url) : undefined), [playing]);
  // While the server checks the sound of a recording, read the list again until its verdict is there.
  const checking = (server ?? []).some((recording) => recording.inspection === 'inspecting');
  useEffect(() => {
    if (!checking) return;
    const timer = setTimeout(() => void load(page), CHECKING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [checking, server, load, page]);

  const localIds = new Set((local ?? []).map((recording) => recording.id));
  const rows: Row[] = [
    ...(local ?? [])
      .slice()
      .reverse()
      .map((recording) => ({
        id: recording.id,
        fileName: recording.fileName,
        title: recording.title,
        transcript: recording.transcript,
        language: recording.language,
        speakerId: recording.speakerId ?? null,
        sourcePairId: recording.sourcePairId ?? null,
        pictureId: recording.pictureId ?? null,
        duration: recording.durationSeconds,
        recordedAt: new Date(recording.recordedAt ?? recording.createdAt).toISOString(),
        status: localStatus(t, recording, uploads.get(recordingSubject(recording.id))),
        problems: [],
        inspection: null,
        local: recording,
        upload: uploads.get(recordingSubject(recording.id)) ?? null,
        story: recording.kind === 'story' ? storyLine(t, undefined) : null,
      })),
    ...(server ?? [])
      .filter((recording) => !localIds.has(recording.id))
      .map((recording) => ({
        ...recording,
        recordedAt: recording.recordedAt ?? recording.createdAt,
        status: serverStatus(t, recording),
        // The verdict holds once the sound is checked.
        problems: recording.inspection === 'inspected' ? qualityProblems(recording.quality) : [],
        local: null,
        upload: null,
        story: recording.kind === 'story' ? storyLine(t, recording.story) : null,
      })),
  ];
  const sourceIds = [
    ...new Set(rows.flatMap((row) => (row.sourcePairId === null ? [] : [row.sourcePairId]))),
  ];
  const english = useLiveQuery(
    async () =>
      new Map(
        (await localDb().pairs.bulkGet(sourceIds)).flatMap((pair) => (pair ? [[pair.id, pair.english]] : [])),
      ),
    [sourceIds.join(',')],
  );
  const described = rows.map((row) => ({
    ...row,
    what: whatWasSaid(t, row, english ?? new Map()),
    who: whoSpoke(t, row, names ?? new Map()),
  }));

  async function play(row: Row) {
    try {
      const blob = await blobFor(row);
      setPlaying({ id: row.id, url: URL.createObjectURL(blob) });
    } catch (caught) {
      setError({ offline: false, text: (caught as Error).message });
    }
  }

  async function download(row: Row) {
    try {
      saveBlob(await blobFor(row), row.fileName);
    } catch (caught) {
      setError({ offline: false, text: (caught as Error).message });
    }
  }

  async function remove(row: Row) {
    setDeleting(null);
    try {
      if (row.local) await deleteLocal(row.id);
      else {
        await recordingsApi.remove(row.id);
        await load(page);
      }
    } catch (caught) {
      setError({ offline: false, text: t(m.notDeleted, { reason: (caught as Error).message }) });
    }
  }

  const loading = local === undefined || server === null;
  return (
    <section className="card" aria-labelledby="your-recordings">
      <h2 id="your-recordings">{t(m.yours)}</h2>
      {error && (
        <p className={error.offline ? 'muted' : 'error-box'} role="status">
          {error.offline ? t(m.offlineList) : error.text}
        </p>
      )}
      {loading && <p>{t(m.loading)}</p>}
      {!loading && rows.length === 0 && <p>{t(m.empty)}</p>}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="card-table recordings-table">
            <thead>
              <tr>
                <th scope="col">{t(m.colWhat)}</th>
                <th scope="col">{t(m.colDuration)}</th>
                <th scope="col">{t(m.colRecorded)}</th>
                <th scope="col">{t(m.colStatus)}</th>
                <th scope="col">{t(m.colActions)}</th>
              </tr>
            </thead>
            <tbody>
              {described.map((row) => (
                <tr key={row.id} data-testid="recording-row" data-recording-id={row.id}>
                  <td data-label={t(m.colWhat)} className="recording-what">
                    <div className="cell-stack recording-what-stack">
                      <span lang={row.transcript && !row.title ? (row.language ?? undefined) : undefined}>
                        {row.what}
                      </span>
                      <span className="muted" data-testid="recording-who">
                        {t(m.spokenIn, { speaker: row.who, language: row.language ?? 'none' })}
                      </span>
                      {row.pictureId && <ClipPicture pictureId={row.pictureId} />}
                    </div>
                  </td>
                  <td data-label={t(m.colDuration)}>
                    {t(m.seconds, {
                      seconds: formatNumber(row.duration, {
                        minimumFractionDigits: 1,
                        maximumFractionDigits: 1,
                      }),
                    })}
                  </td>
                  <td data-label={t(m.colRecorded)}>
                    {/* Intl writes the date in the interface's language (a made-up one, such as the
                        pseudo-language, falls back to English): a value, not a message to translate. */}
                    <time dateTime={row.recordedAt} translate="no">
                      {formatDate(new Date(row.recordedAt), { dateStyle: 'medium', timeStyle: 'medium' })}
                    </time>
                  </td>
                  <td data-label={t(m.colStatus)} data-testid="recording-status">
                    <div className="cell-stack">
                      <span>
                        {row.inspection === 'inspected' ? '✓ ' : row.inspection === 'failed' ? '✗ ' : '◔ '}
                        {row.status}
                      </span>
                      {row.story && <span data-testid="story-status">{row.story}</span>}
                      {row.problems.length > 0 && (
                        <span
                          className="quality-flags"
                          data-testid="quality-flags"
                          title={row.problems.map((problem) => qualityAdviceText(t, problem.kind)).join(' ')}
                        >
                          <span aria-hidden="true">⚠ </span>
                          {row.problems.map((problem) => qualityLabel(t, problem.kind)).join(', ')}
                        </span>
                      )}
                      {row.upload?.state === 'attention' && row.upload.seq !== undefined && (
                        <button
                          type="button"
                          className="btn"
                          onClick={() => void retryAndSync(row.upload!.seq!)}
                          aria-label={t(m.tryAgainLabel, { file: row.what })}
                        >
                          {t(m.tryAgain)}
                        </button>
                      )}
                    </div>
                  </td>
                  <td data-label={t(m.colActions)}>
                    <div className="cell-stack">
                      <div className="button-row">
                        <button
                          type="button"
                          className="btn"
                          onClick={() => void play(row)}
                          aria-label={t(m.playLabel, { file: row.what })}
                        >
                          {t(m.play)}
                        </button>
                        <button
                          type="button"
                          className="btn"
                          onClick={() => void download(row)}
                          aria-label={t(m.downloadLabel, { file: row.what })}
                        >
                          {t(m.download)}
                        </button>
                        <button
                          type="button"
                          className="btn btn-danger"
                          onClick={() => setDeleting(row)}
                          aria-label={t(m.deleteLabel, { file: row.what })}
                        >
                          {t(m.delete)}
                        </button>
                      </div>
                      {playing?.id === row.id && <audio controls autoPlay src={playing.url} />}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {server && server.length < total && (
        <button type="button" className="btn" onClick={() => setPage((current) => current + 1)}>
          {t(m.showMore)}
        </button>
      )}
      <Modal open={deleting !== null} title={t(m.deleteTitle)} onClose={() => setDeleting(null)}>
        <p>{t(deleting?.local ? m.deleteLocal : m.deleteServer)}</p>
        <div className="button-row">
          <button type="button" className="btn btn-danger" onClick={() => deleting && void remove(deleting)}>
            {t(m.delete)}
          </button>
          <button type="button" className="btn" onClick={() => setDeleting(null)}>
            {t(m.cancel)}
          </button>
        </div>
      </Modal>
    </section>
  );
}
