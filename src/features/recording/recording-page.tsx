// /recording: record Lopit speech in the browser (reading a sentence, or freely), or import audio files.
// Every recording is kept on this device at once and delivered to the server by resumable upload when
// there is a connection; 'Your Recordings' shows both those waiting here and those on the server.
import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { PATHS } from '../../app/paths.ts';
import { localDb } from '../../offline/local-db.ts';
import { useAuth } from '../auth/use-auth.ts';
import { refreshConsentStatus } from '../consent/consent-status.ts';
import { ImportFiles } from './import-files.tsx';
import { Recorder } from './recorder.tsx';
import { RecordingsList } from './recordings-list.tsx';
import './recording.css';

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
