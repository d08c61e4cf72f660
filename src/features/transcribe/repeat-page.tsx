// /repeat (issue 32, as Aikuma's respeaking): a Lopit clip nobody has written down yet is played back, and a
// speaker (a field speaker chosen under "Who is speaking?", with their consent first, else the account) repeats it
// slowly. No reading is needed, so an elder can do it. The repetition is recorded like every other clip (kept on
// the phone second by second) and sent by the outbox's resumable upload with `repeatsId`, the clip it repeats; it
// goes to transcription like any clip, and /transcribe offers it beside the original as help. The clips come from
// the transcription queue and are kept on the phone with their audio, so a loaded list works offline too. A
// repetition of a clip gone before it was sent (removed, or its speaker withdrew) leaves the phone with a notice.
import { useId, useState } from 'react';
import { TRANSCRIBE_QUEUE_CLIPS, type TranscribeClip } from '../../../core/api/transcripts.ts';
import { repeat as m, transcribe as tm } from '../../../core/i18n/messages/transcribe.ts';
import { PATHS } from '../../app/paths.ts';
import { useT } from '../../i18n/i18n.tsx';
import { localDb } from '../../offline/local-db.ts';
import { useAuth } from '../auth/use-auth.ts';
import { ConsentNotice } from '../consent/consent-notice.tsx';
import { useConsentOnPhone } from '../consent/device-consent.ts';
import { OneTakeControls, useOneTake } from '../recording/one-take.tsx';
import { ModeTabs } from '../speak/mode-tabs.tsx';
import { useRecordingSpeaker } from '../speakers/field-speaker.ts';
import { SpeakerChooser } from '../speakers/speaker-chooser.tsx';
import { GoneNotice } from '../sync/gone-notice.tsx';
import { useSyncStatus } from '../sync/sync.ts';
import { ClipPlayer } from './clip-player.tsx';
import { transcribeApi } from './transcribe-api.ts';
import { Empty, StatusLines } from './transcribe-page.tsx';
import { useAudioQueue, type QueuedItem } from './use-audio-queue.ts';
import '../speakers/speakers.css';
import '../recording/recording.css';
import '../review/review.css';
import '../speak/speak.css';
import './transcribe.css';

/**
 * Clips to repeat: those of the transcription queue that nobody has repeated yet, on the server or on this phone
 * (a repetition waiting to be sent).
 */
async function clipsToRepeat(userId: string): Promise<TranscribeClip[]> {
  const clips = await transcribeApi.queue(TRANSCRIBE_QUEUE_CLIPS);
  const here = new Set(
    (await localDb().recordings.where('userId').equals(userId).toArray()).flatMap((recording) =>
      recording.repeatsId ? [recording.repeatsId] : [],
    ),
  );
  return clips.filter((clip) => !here.has(clip.id) && (clip.repetitions ?? []).length === 0);
}

export function RepeatPage() {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const consent = useConsentOnPhone(userId);
  const { speaker, mayRecord: allowed } = useRecordingSpeaker(userId, consent.status?.recording);
  const offline = useSyncStatus().phase === 'offline';
  const queue = useAudioQueue<TranscribeClip>({
    userId,
    fetch: () => clipsToRepeat(userId),
    keyOf: (clip) => clip.id,
    clipOf: (clip) => clip.id,
    // Done when the repetition is saved (its upload's subject is its own id, so none marks a clip here).
    outbox: { kind: 'recording.upload', subject: (clip) => `repeat:${clip.id}` },
  });
  const [notice, setNotice] = useState<string | null>(null);
  const first = queue.items[0];

  return (
    <div className="page stack">
      <div className="page-header">
        <h1>{t(m.title)}</h1>
        <p>{t(m.intro)}</p>
      </div>
      <ModeTabs group="recording" current={PATHS.repeat} />
      {/* Repetitions of clips gone meanwhile (removed, or their speaker withdrew) left the phone: it says so. */}
      <GoneNotice />
      {userId && <SpeakerChooser userId={userId} />}
      {!speaker && <ConsentNotice scope="recording" consent={consent} />}
      {allowed && userId && (
        <>
          <StatusLines
            offline={offline}
            held={queue.items.length}
            message={t(m.offlineClips, { count: queue.items.length })}
            notice={notice}
          />
          {first ? (
            <RepeatCard
              key={first.item.id}
              queued={first}
              userId={userId}
              speakerId={speaker?.id ?? null}
              position={t(tm.clipPosition, { position: 1, count: queue.items.length })}
              canSkip={queue.items.length >= 2}
              onSaved={() => {
                setNotice(t(m.saved));
                queue.done(first.item);
              }}
              onSkip={() => {
                setNotice(t(m.skipped));
                queue.skip(first.item);
              }}
            />
          ) : (
            <Empty
              state={queue.state}
              offline={offline}
              empty={t(m.empty)}
              onRetry={() => void queue.refill()}
            />
          )}
        </>
      )}
    </div>
  );
}

function RepeatCard(props: {
  queued: QueuedItem<TranscribeClip>;
  userId: string;
  speakerId: string | null;
  position: string;
  canSkip: boolean;
  onSaved: () => void;
  onSkip: () => void;
}) {
  const t = useT();
  const id = useId();
  const { item: clip, audioUrl } = props.queued;
  const take = useOneTake(
    props.userId,
    () => ({
      title: null,
      transcript: null,
      language: 'lpx',
      promptPairId: null,
      speakerId: props.speakerId,
      repeatsId: clip.id,
    }),
    props.onSaved,
  );

  return (
    <section className="card stack speak-card" aria-labelledby={`${id}-heading`} data-testid="repeat-card">
      <h2 id={`${id}-heading`} className="review-position speak-position">
        {props.position}
      </h2>
      {clip.title && <p className="muted">{t(tm.titled, { title: clip.title })}</p>}
      <ClipPlayer url={audioUrl} label={t(m.theClip)} testId="repeat-audio" />
      <p className="muted">{t(m.howTo)}</p>
      <OneTakeControls take={take} label={t(m.start)} disabled={audioUrl === null} />
      <div className="button-row speak-secondary">
        <button type="button" className="btn" disabled={!props.canSkip || take.busy} onClick={props.onSkip}>
          {t(tm.skip)}
        </button>
      </div>
    </section>
  );
}
