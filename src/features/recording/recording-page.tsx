// /recording: the contributor's recordings. Capture and resumable upload arrive with the field-recording work.
import { useEffect, useState } from 'react';
import type { Recording } from '../../../core/api/data.ts';
import { api, request } from '../../lib/api-client.ts';

export function RecordingPage() {
  const [recordings, setRecordings] = useState<Recording[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    request(() =>
      api.get('audio/recordings', { searchParams: { page: 1 } }).json<{ recordings: Recording[] }>(),
    ).then(
      ({ recordings: list }) => setRecordings(list),
      (caught: Error) => setError(caught.message),
    );
  }, []);

  return (
    <div className="page stack">
      <div className="page-header">
        <h1>Audio Recording</h1>
        <p>Your voice recordings of Lopit speech.</p>
      </div>
      <p className="notice-box">
        Recording in the browser and uploading files are not available yet on this installation.
      </p>
      <section className="card" aria-labelledby="your-recordings">
        <h2 id="your-recordings">Your Recordings</h2>
        {error && (
          <div className="error-box" role="alert">
            {error}
          </div>
        )}
        {recordings === null && !error && <p>Loading...</p>}
        {recordings?.length === 0 && <p>No recordings yet. Upload or record audio to get started.</p>}
        {recordings && recordings.length > 0 && (
          <ul>
            {recordings.map((recording) => (
              <li key={recording.id}>
                {recording.fileName} · {recording.duration.toFixed(1)} s ·{' '}
                {new Date(recording.createdAt).toLocaleDateString()}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
