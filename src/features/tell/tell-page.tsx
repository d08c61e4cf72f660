// /tell (issue 32): a story or free speech, minutes long, for any speaker, including a field speaker without an
// account (chosen under "Who is speaking?", with their consent recorded first). Recorded as one piece with the
// recorder of every other screen (kept on this phone second by second), saved with an optional short title, and
// sent by the outbox's resumable upload as a recording of kind 'story'; the server cuts it at pauses into
// pieces for transcription. Your Recordings below shows it and, once cut, how many pieces and how many written.
import { useState } from 'react';
import { TELL_MAX_SECONDS } from '../../../core/constants.ts';
import { RECORDING_TITLE_MAX } from '../../../core/api/recordings.ts';
import { recording as rm } from '../../../core/i18n/messages/recording.ts';
import { tell as m } from '../../../core/i18n/messages/tell.ts';
import { PATHS } from '../../app/paths.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { ConsentNotice } from '../consent/consent-notice.tsx';
import { useConsentOnPhone } from '../consent/device-consent.ts';
import { saveDraft } from '../recording/local-recordings.ts';
import { LiveLevel, Review } from '../recording/recorder.tsx';
import { RecordingsList } from '../recording/recordings-list.tsx';
import { useRecorder } from '../recording/use-recorder.ts';
import { BigRecordButton } from '../speak/big-record-button.tsx';
import { ModeTabs } from '../speak/mode-tabs.tsx';
import { useRecordingSpeaker } from '../speakers/field-speaker.ts';
import { SpeakerChooser } from '../speakers/speaker-chooser.tsx';
import '../speakers/speakers.css';
import '../recording/recording.css';
import '../speak/speak.css';

const limitSeconds = TELL_MAX_SECONDS;

export function TellPage() {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const consent = useConsentOnPhone(userId);
  const { speaker, mayRecord: allowed } = useRecordingSpeaker(userId, consent.status?.recording);
  const { state, level, warning, elapsed, start, stop, reset } = useRecorder(userId || null, limitSeconds);
  const [topic, setTopic] = useState('');
  const [saved, setSaved] = useState(false);
  const busy = state.kind !== 'idle' && state.kind !== 'error';

  async function begin() {
    setSaved(false);
    await start({
      title: topic.trim() || null,
      transcript: null,
      language: 'lpx',
      promptPairId: null,
      speakerId: speaker?.id ?? null,
      kind: 'story',
    });
  }

  async function keep() {
    if (state.kind !== 'review') return;
    await saveDraft(state.draftId, { durationSeconds: state.durationSeconds });
    await reset(false);
    setTopic('');
    setSaved(true);
  }

  return (
    <div className="page stack">
      <div className="page-header">
        <h1>{t(m.title)}</h1>
        <p>{t(m.intro, { minutes: formatNumber(Math.round(limitSeconds / 60)) })}</p>
      </div>
      <ModeTabs group="recording" current={PATHS.tell} />
      {userId && <SpeakerChooser userId={userId} />}
      {!speaker && <ConsentNotice scope="recording" consent={consent} />}
      {allowed && userId && (
        <section className="card form" aria-labelledby="tell-heading" data-testid="tell-recorder">
          <h2 id="tell-heading">{t(rm.recordNew)}</h2>
          <div className="field">
            <label htmlFor="tell-topic">{t(m.topic)}</label>
            <input
              id="tell-topic"
              type="text"
              value={topic}
              maxLength={RECORDING_TITLE_MAX}
              disabled={busy}
              aria-describedby="tell-topic-hint"
              onChange={(event) => setTopic(event.target.value)}
            />
            <p id="tell-topic-hint" className="muted">
              {t(m.topicHint)}
            </p>
          </div>
          {state.kind !== 'review' && (
            <BigRecordButton
              state={state}
              label={t(m.start)}
              disabled={false}
              onStart={() => void begin()}
              onStop={() => void stop()}
            />
          )}
          {(state.kind === 'recording' || state.kind === 'stopping') && (
            <LiveLevel elapsed={elapsed} level={level} warning={warning} max={limitSeconds} />
          )}
          {state.kind === 'review' && (
            <Review
              state={state}
              onKeep={() => void keep()}
              onAgain={() => void reset(true).then(begin)}
              onDiscard={() => void reset(true)}
            />
          )}
          {state.kind === 'error' && (
            <p className="error-box" role="alert">
              {state.message}
            </p>
          )}
          {saved && (
            <p className="success-box" role="status" data-testid="tell-saved">
              {t(m.saved)}
            </p>
          )}
        </section>
      )}
      {userId && <RecordingsList userId={userId} />}
    </div>
  );
}
