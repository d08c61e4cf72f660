// /recording: record Lopit speech in the browser (reading a sentence, or freely), or import audio files.
// Every recording is kept on this device at once and delivered to the server by resumable upload when
// there is a connection; 'Your Recordings' shows both those waiting here and those on the server.
import { recording as m } from '../../../core/i18n/messages/recording.ts';
import { PATHS } from '../../app/paths.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { ConsentNotice } from '../consent/consent-notice.tsx';
import { useConsentOnPhone } from '../consent/device-consent.ts';
import { ImportFiles } from './import-files.tsx';
import { Recorder } from './recorder.tsx';
import { RecordingsList } from './recordings-list.tsx';
import { ModeTabs } from '../speak/mode-tabs.tsx';
import { useRecordingSpeaker } from '../speakers/field-speaker.ts';
import { SpeakerChooser } from '../speakers/speaker-chooser.tsx';
import '../speakers/speakers.css';
import './recording.css';

export function RecordingPage() {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const consent = useConsentOnPhone(userId);
  const { speaker, mayRecord: allowed } = useRecordingSpeaker(userId, consent.status?.recording);

  return (
    <div className="page stack">
      <div className="page-header">
        <h1>{t(m.title)}</h1>
        <p>{t(m.intro)}</p>
      </div>
      <ModeTabs group="recording" current={PATHS.recording} />
      {/* Issue 18: the speaker chooser and the consent notice are converted with the Speakers and Consent screens. */}
      {userId && <SpeakerChooser userId={userId} />}
      {!speaker && <ConsentNotice scope="recording" consent={consent} />}
      {allowed && userId && <Recorder userId={userId} speakerId={speaker?.id ?? null} />}
      {allowed && userId && <ImportFiles userId={userId} />}
      {userId && <RecordingsList userId={userId} />}
    </div>
  );
}
