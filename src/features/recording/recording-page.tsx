// /recording: record Lopit speech in the browser (reading a sentence, or freely), or import audio files.
// Every recording is kept on this device at once and delivered to the server by resumable upload when
// there is a connection; 'Your Recordings' shows both those waiting here and those on the server.
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { PATHS } from '../../app/paths.ts';
import type { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../auth/use-auth.ts';
import { refreshConsentStatus } from '../consent/consent-status.ts';
import { useDeviceConsent } from '../consent/device-consent.ts';
import { ImportFiles } from './import-files.tsx';
import { Recorder } from './recorder.tsx';
import { RecordingsList } from './recordings-list.tsx';
import './recording.css';

/**
 * The recording consent governing this phone (device-consent.ts), refreshed from the server when it answers.
 * `unknown`: the phone has no copy and the server cannot be reached, so only a choice made here can decide.
 */
function useRecordingConsent(userId: string): {
  allowed: boolean | null;
  waiting: boolean;
  unknown: boolean;
} {
  const consent = useDeviceConsent(userId);
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    if (!userId) return;
    refreshConsentStatus(userId).then(
      () => setUnreachable(false),
      (error: ApiError) => {
        if (error.status === null) setUnreachable(true);
        else console.error('Failed to load consent status', error);
      },
    );
  }, [userId]);
  const status = consent?.status ?? null;
  return {
    allowed: status ? status.recording : null,
    waiting: consent?.waiting ?? false,
    unknown: consent !== undefined && status === null && unreachable,
  };
}

export function RecordingPage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const { allowed, waiting, unknown } = useRecordingConsent(userId);

  return (
    <div className="page stack">
      <div className="page-header">
        <h1>Audio Recording</h1>
        <p>
          Record Lopit speech, or import audio files. Recordings are kept on this phone and sent when there is
          a connection, even days later.
        </p>
      </div>
      {unknown && (
        <div className="notice-box" role="status" data-testid="consent-unknown">
          <p>
            This phone has no copy of your consent yet, and there is no connection to ask the server. Choose
            your consent on the consent page: it counts on this phone at once and is sent when you are back
            online.
          </p>
          <Link to={PATHS.consent} className="btn btn-primary">
            Go to consent
          </Link>
        </div>
      )}
      {allowed === false && (
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
      {allowed && waiting && (
        <p className="muted" role="status" data-testid="consent-waiting">
          Your consent is saved on this phone; it will be sent before your recordings.
        </p>
      )}
      {allowed && userId && <Recorder userId={userId} />}
      {allowed && userId && <ImportFiles userId={userId} />}
      {userId && <RecordingsList userId={userId} />}
    </div>
  );
}
