// 'Your Recordings': those waiting on this phone (with upload progress) and those on the server, with
// play, download and delete (confirmed). A waiting recording plays from this phone.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import type { Recording } from '../../../core/api/recordings.ts';
import { qualityProblems, type QualityProblem } from '../../../core/audio/quality.ts';
import { Modal } from '../../components/modal.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { localDb, recordingSubject, type LocalRecording, type OutboxEntry } from '../../offline/local-db.ts';
import { retryAndSync } from '../sync/outbox-actions.ts';
import { useOutbox } from '../sync/use-outbox.ts';
import { audioBlob, deleteLocal } from './local-recordings.ts';
import { recordingsApi } from './recordings-api.ts';

interface Row {
  id: string;
  fileName: string;
  duration: number;
  /** When it was recorded (by the phone's clock), else when the server received it. */
  recordedAt: string;
  status: string;
  /** The server's quality verdict, once it has the recording. */
  problems: QualityProblem[];
  local: LocalRecording | null;
  upload: OutboxEntry | null;
}

function localStatus(recording: LocalRecording, entry: OutboxEntry | undefined): string {
  if (entry?.state === 'attention') return `Not accepted: ${entry.problem?.message ?? 'refused'}`;
  if (recording.state === 'uploading' && recording.sizeBytes > 0)
    return `Uploading ${Math.round((recording.uploadedBytes / recording.sizeBytes) * 100)}%`;
  return 'Waiting to upload';
}

async function blobFor(row: Row): Promise<Blob> {
  if (row.local) return audioBlob(row.local);
  return recordingsApi.audio(row.id);
}

export function RecordingsList({ userId }: { userId: string }) {
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
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState<{ id: string; url: string } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

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
          ? 'You are offline: only the recordings on this phone are shown.'
          : `Failed to load recordings: ${failure.message}`,
      );
    }
  }, []);
  // Reload the server list when a local recording finishes uploading (it leaves the local list).
  const localCount = local?.length ?? 0;
  useEffect(() => void load(page), [load, page, localCount]);
  useEffect(() => () => (playing ? URL.revokeObjectURL(playing.url) : undefined), [playing]);

  const localIds = new Set((local ?? []).map((recording) => recording.id));
  const rows: Row[] = [
    ...(local ?? [])
      .slice()
      .reverse()
      .map((recording) => ({
        id: recording.id,
        fileName: recording.fileName,
        duration: recording.durationSeconds,
        recordedAt: new Date(recording.recordedAt ?? recording.createdAt).toISOString(),
        status: localStatus(recording, uploads.get(recordingSubject(recording.id))),
        problems: [],
        local: recording,
        upload: uploads.get(recordingSubject(recording.id)) ?? null,
      })),
    ...(server ?? [])
      .filter((recording) => !localIds.has(recording.id))
      .map((recording) => ({
        ...recording,
        recordedAt: recording.recordedAt ?? recording.createdAt,
        status: 'Uploaded',
        problems: qualityProblems(recording.quality),
        local: null,
        upload: null,
      })),
  ];

  async function play(row: Row) {
    try {
      const blob = await blobFor(row);
      setPlaying({ id: row.id, url: URL.createObjectURL(blob) });
    } catch (caught) {
      setError((caught as Error).message);
    }
  }

  async function download(row: Row) {
    try {
      saveBlob(await blobFor(row), row.fileName);
    } catch (caught) {
      setError((caught as Error).message);
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
      setError(`The recording was not deleted: ${(caught as Error).message}`);
    }
  }

  const loading = local === undefined || server === null;
  return (
    <section className="card" aria-labelledby="your-recordings">
      <h2 id="your-recordings">Your Recordings</h2>
      {error && (
        <p className={error.startsWith('You are offline') ? 'muted' : 'error-box'} role="status">
          {error}
        </p>
      )}
      {loading && <p>Loading...</p>}
      {!loading && rows.length === 0 && <p>No recordings yet. Upload or record audio to get started.</p>}
      {rows.length > 0 && (
        <div className="table-wrap">
          <table className="card-table recordings-table">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Duration</th>
                <th scope="col">Recorded</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="recording-row" data-recording-id={row.id}>
                  <td data-label="File">{row.fileName}</td>
                  <td data-label="Duration">{row.duration.toFixed(1)} s</td>
                  <td data-label="Recorded">{new Date(row.recordedAt).toLocaleString()}</td>
                  <td data-label="Status" data-testid="recording-status">
                    <div className="cell-stack">
                      <span>
                        {row.local ? '◔ ' : '✓ '}
                        {row.status}
                      </span>
                      {row.problems.length > 0 && (
                        <span
                          className="quality-flags"
                          data-testid="quality-flags"
                          title={row.problems.map((problem) => problem.advice).join(' ')}
                        >
                          <span aria-hidden="true">⚠ </span>
                          {row.problems.map((problem) => problem.label).join(', ')}
                        </span>
                      )}
                      {row.upload?.state === 'attention' && row.upload.seq !== undefined && (
                        <button
                          type="button"
                          className="btn"
                          onClick={() => void retryAndSync(row.upload!.seq!)}
                          aria-label={`Try uploading ${row.fileName} again`}
                        >
                          Try again
                        </button>
                      )}
                    </div>
                  </td>
                  <td data-label="Actions">
                    <div className="cell-stack">
                      <div className="button-row">
                        <button
                          type="button"
                          className="btn"
                          onClick={() => void play(row)}
                          aria-label={`Play ${row.fileName}`}
                        >
                          Play
                        </button>
                        <button
                          type="button"
                          className="btn"
                          onClick={() => void download(row)}
                          aria-label={`Download ${row.fileName}`}
                        >
                          Download
                        </button>
                        <button
                          type="button"
                          className="btn btn-danger"
                          onClick={() => setDeleting(row)}
                          aria-label={`Delete ${row.fileName}`}
                        >
                          Delete
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
          Show more
        </button>
      )}
      <Modal open={deleting !== null} title="Delete this recording?" onClose={() => setDeleting(null)}>
        <p>
          {deleting?.local
            ? 'It has not been uploaded yet: deleting it removes it from this phone for good.'
            : 'It will be removed from the server and from every future dataset.'}
        </p>
        <div className="button-row">
          <button type="button" className="btn btn-danger" onClick={() => deleting && void remove(deleting)}>
            Delete
          </button>
          <button type="button" className="btn" onClick={() => setDeleting(null)}>
            Cancel
          </button>
        </div>
      </Modal>
    </section>
  );
}
