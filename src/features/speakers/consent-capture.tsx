// A speaker's consent, recorded on the phone before their first clip (issue 16): the consent text is shown and
// can be read aloud (the phone's own voice, which works offline), the speaker chooses what they agree to, and
// their consent is captured as a spoken recording ("I agree…" in their own words), a photo of the signed paper
// form, or both. Kept on the phone until the server has it; seen by the community admins only.
import { useEffect, useId, useRef, useState } from 'react';
import { CONSENT_TYPES, type ConsentType } from '../../../core/constants.ts';
import {
  CONSENT_EVIDENCE_AUDIO_MAX_BYTES,
  CONSENT_EVIDENCE_PHOTO_MAX_BYTES,
  SPEAKER_PHOTO_MAX_EDGE,
} from '../../../core/api/speakers.ts';
import { DOCS } from '../../app/paths.ts';
import { localDb, type LocalSpeaker } from '../../offline/local-db.ts';
import { recordSpeakerConsent, type CapturedEvidence } from '../../offline/speakers.ts';

const TYPE_LABELS: Record<ConsentType, string> = {
  recording: 'Voice recordings only',
  translation: 'Translations only',
  full: 'Voice recordings and translations',
};

/** What the speaker is asked, in plain words (English: the Lopit form is the signed paper one). */
export function consentText(name: string): string {
  return [
    `${name}, we ask your permission to record your voice and, if you wish, the translations you say.`,
    'Your recordings help build the first open speech and translation technology for the Lopit language.',
    'They are shared for non-commercial community use under CC-BY-NC-4.0 and are never sold.',
    'Your name is not shared: datasets show a pseudonym.',
    'You can withdraw at any time by telling the person recording you, or the community admins; from then on your recordings are used nowhere.',
  ].join(' ');
}

/** The phone's own speech, which works without a connection where the phone has voices. */
function useReadAloud() {
  const [speaking, setSpeaking] = useState(false);
  const supported = typeof window !== 'undefined' && 'speechSynthesis' in window;
  useEffect(() => () => void (supported && window.speechSynthesis.cancel()), [supported]);
  return {
    supported,
    speaking,
    toggle(text: string) {
      if (!supported) return;
      if (speaking) {
        window.speechSynthesis.cancel();
        setSpeaking(false);
        return;
      }
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = 'en';
      utterance.onend = () => setSpeaking(false);
      utterance.onerror = () => setSpeaking(false);
      window.speechSynthesis.speak(utterance);
      setSpeaking(true);
    },
  };
}

type SpokenState =
  | { kind: 'idle' }
  | { kind: 'recording'; started: number }
  | { kind: 'done'; evidence: CapturedEvidence; url: string }
  | { kind: 'error'; message: string };

/** A short recording held in memory (a consent takes seconds; the clip recorder's store is for clips). */
function useConsentRecorder() {
  const [state, setState] = useState<SpokenState>({ kind: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  // Leaving the screen stops the microphone; a recording replaced or left frees its playback address.
  useEffect(() => () => recorder.current?.stream.getTracks().forEach((track) => track.stop()), []);
  const url = state.kind === 'done' ? state.url : null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return {
    state,
    async start() {
      try {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        const type = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'].find((mime) =>
          MediaRecorder.isTypeSupported(mime),
        );
        const media = new MediaRecorder(stream, type ? { mimeType: type, audioBitsPerSecond: 32_000 } : {});
        const chunks: Blob[] = [];
        media.ondataavailable = (event) => chunks.push(event.data);
        media.onstop = async () => {
          stream.getTracks().forEach((track) => track.stop());
          const blob = new Blob(chunks, { type: media.mimeType || 'audio/webm' });
          if (blob.size > CONSENT_EVIDENCE_AUDIO_MAX_BYTES) {
            setState({ kind: 'error', message: 'This recording is too long. Record a shorter consent.' });
            return;
          }
          setState({
            kind: 'done',
            evidence: { kind: 'spoken', mimeType: blob.type.split(';')[0]!, data: await blob.arrayBuffer() },
            url: URL.createObjectURL(blob),
          });
        };
        recorder.current = media;
        media.start();
        setState({ kind: 'recording', started: Date.now() });
      } catch {
        setState({
          kind: 'error',
          message:
            'The microphone could not be opened. Allow the microphone for this site, or take a photo of the form.',
        });
      }
    },
    stop() {
      recorder.current?.stop();
    },
    reset() {
      setState({ kind: 'idle' });
    },
  };
}

/** A photo of the signed form, scaled down so a 2G link carries it; the original when it cannot be decoded. */
async function photoEvidence(file: File): Promise<CapturedEvidence> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, SPEAKER_PHOTO_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (blob) return { kind: 'photo', mimeType: 'image/jpeg', data: await blob.arrayBuffer() };
  } catch {
    // Not decodable here: keep the file as it is (the server checks what it is).
  }
  return { kind: 'photo', mimeType: file.type || 'image/jpeg', data: await file.arrayBuffer() };
}

export function ConsentCapture(props: {
  userId: string;
  speaker: LocalSpeaker;
  onDone: (saved: boolean) => void;
}) {
  const id = useId();
  const text = consentText(props.speaker.name);
  const readAloud = useReadAloud();
  const spoken = useConsentRecorder();
  const [type, setType] = useState<ConsentType | null>(null);
  const [photo, setPhoto] = useState<{ evidence: CapturedEvidence; url: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => void (photo && URL.revokeObjectURL(photo.url)), [photo]);

  async function save() {
    const evidence = [
      spoken.state.kind === 'done' ? spoken.state.evidence : null,
      photo?.evidence ?? null,
    ].filter((item): item is CapturedEvidence => item !== null);
    if (!type) return setError('Choose what the speaker agrees to.');
    if (evidence.length === 0)
      return setError('Record the spoken consent or take a photo of the signed form.');
    setBusy(true);
    try {
      await recordSpeakerConsent(localDb(), props.userId, props.speaker.id, type, evidence);
      props.onDone(true);
    } catch (failure) {
      setError(`The consent could not be saved on this phone: ${(failure as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack consent-capture" aria-labelledby={`${id}-h`} data-testid="consent-capture">
      <h2 id={`${id}-h`}>Consent of {props.speaker.name}</h2>
      <p className="consent-text" data-testid="consent-text">
        {text}
      </p>
      <div className="button-row">
        {readAloud.supported ? (
          <button type="button" className="btn" onClick={() => readAloud.toggle(text)}>
            {readAloud.speaking ? '■ Stop reading' : '▶ Read it aloud'}
          </button>
        ) : (
          <p className="muted">This phone cannot read aloud: read the text to the speaker.</p>
        )}
        <a className="btn" href={DOCS.consentFormLopit}>
          Lopit consent form (PDF)
        </a>
      </div>
      <fieldset className="consent-types">
        <legend>What they agree to</legend>
        {CONSENT_TYPES.map((item) => (
          <label key={item} className="checkbox">
            <input
              type="radio"
              name={`${id}-type`}
              value={item}
              checked={type === item}
              onChange={() => {
                setType(item);
                setError(null);
              }}
            />{' '}
            {TYPE_LABELS[item]}
          </label>
        ))}
      </fieldset>
      <div className="stack-tight">
        <h3>Their spoken consent</h3>
        <p className="muted">Ask them to say in their own words that they agree, and to what.</p>
        {spoken.state.kind === 'recording' ? (
          <button type="button" className="btn btn-danger" onClick={() => spoken.stop()}>
            <span aria-hidden="true">■</span> Stop
          </button>
        ) : spoken.state.kind === 'done' ? (
          <div className="button-row">
            <audio controls src={spoken.state.url} aria-label="Their spoken consent" />
            <button type="button" className="btn" onClick={() => spoken.reset()}>
              Record again
            </button>
          </div>
        ) : (
          <button type="button" className="btn" onClick={() => void spoken.start()}>
            <span aria-hidden="true">●</span> Record their consent
          </button>
        )}
        {spoken.state.kind === 'error' && (
          <p className="error-box" role="alert">
            {spoken.state.message}
          </p>
        )}
      </div>
      <div className="stack-tight">
        <h3>A photo of the signed form</h3>
        <label htmlFor={`${id}-photo`}>
          {photo ? 'Take another photo, or choose one' : 'Take a photo, or choose one'}
        </label>
        <input
          id={`${id}-photo`}
          type="file"
          accept="image/*"
          capture="environment"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            const evidence = await photoEvidence(file);
            if (evidence.data.byteLength > CONSENT_EVIDENCE_PHOTO_MAX_BYTES) {
              setError('This photo is too large. Take it again, closer to the form.');
              return;
            }
            setError(null);
            setPhoto({
              evidence,
              url: URL.createObjectURL(new Blob([evidence.data], { type: evidence.mimeType })),
            });
          }}
        />
        {photo && (
          <img
            className="consent-photo"
            src={photo.url}
            alt={`Signed consent form of ${props.speaker.name}`}
          />
        )}
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="consent-error">
          {error}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || spoken.state.kind === 'recording'}
          onClick={() => void save()}
        >
          Save consent
        </button>
        <button type="button" className="btn" onClick={() => props.onDone(false)}>
          Not now
        </button>
      </div>
    </section>
  );
}
