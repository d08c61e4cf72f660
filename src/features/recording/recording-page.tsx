// /recording: record Lopit speech in the browser (reading a sentence, or freely), or import audio files.
// Every recording is kept on this device at once and delivered to the server by resumable upload when
// there is a connection; 'Your Recordings' shows both those waiting here and those on the server.
import { PATHS } from '../../app/paths.ts';
import { useAuth } from '../auth/use-auth.ts';
import { ConsentNotice } from '../consent/consent-notice.tsx';
import { useConsentOnPhone } from '../consent/device-consent.ts';
import { ImportFiles } from './import-files.tsx';
import { Recorder } from './recorder.tsx';
import { RecordingsList } from './recordings-list.tsx';
import { ModeTabs } from '../speak/mode-tabs.tsx';
import './recording.css';
import '../review/review.css';

export function RecordingPage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const consent = useConsentOnPhone(userId);
  const allowed = consent.status?.recording === true;

  return (
    <div className="page stack">
      <div className="page-header">
        <h1>Audio Recording</h1>
        <p>
          Record Lopit speech, or import audio files. Recordings are kept on this phone and sent when there is
          a connection, even days later.
        </p>
      </div>
      <ModeTabs group="recording" current={PATHS.recording} />
      <ConsentNotice scope="recording" consent={consent} />
      {allowed && userId && <Recorder userId={userId} />}
      {allowed && userId && <ImportFiles userId={userId} />}
      {userId && <RecordingsList userId={userId} />}
    </div>
  );
}
