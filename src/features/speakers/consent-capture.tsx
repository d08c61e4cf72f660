// A speaker's consent, recorded on the phone before their first clip (issue 16): the consent text is shown in
// the interface's language and can be read aloud (the phone's own voice, which works offline; English where the
// phone has no voice for that language), the speaker chooses what they agree to, and
// their consent is captured as a spoken recording ("I agree…" in their own words), a photo of the signed paper
// form, or both. Kept on the phone until the server has it; seen by the community admins only.
import { setupI18n } from '@lingui/core';
import { FieldError } from '../../components/field-error.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import { CONSENT_TYPES, type ConsentType } from '../../../core/constants.ts';
import {
  CONSENT_EVIDENCE_AUDIO_MAX_BYTES,
  CONSENT_EVIDENCE_PHOTO_MAX_BYTES,
  SPEAKER_PHOTO_MAX_EDGE,
} from '../../../core/api/speakers.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { SOURCE_LOCALE } from '../../../core/i18n/languages.ts';
import { speakers as m } from '../../../core/i18n/messages/speakers.ts';
import { DOCS } from '../../app/paths.ts';
import { i18n, useT } from '../../i18n/i18n.tsx';
import { localDb, type LocalSpeaker } from '../../offline/local-db.ts';
import { recordSpeakerConsent, type CapturedEvidence } from '../../offline/speakers.ts';

const TYPE_LABELS: Record<ConsentType, MessageDescriptor> = {
  recording: m.typeRecording,
  translation: m.typeTranslation,
  full: m.typeFull,
};

// English, whatever the interface's language: what the phone reads aloud when it has no voice for that language.
const english = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: {} } });

/** The primary language of a BCP 47 tag or a voice's lang ("en-GB", "en_US" → "en"). */
const primary = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';

/** The phone's voice for the interface's language, if it has one. */
function voiceFor(locale: string): SpeechSynthesisVoice | null {
  return window.speechSynthesis.getVoices().find((voice) => primary(voice.lang) === primary(locale)) ?? null;
}

/**
 * The phone's own speech, which works without a connection where the phone has voices: the consent text in the
 * interface's language with a voice for it; otherwise the English text in an English voice.
 */
function useReadAloud() {
  const [speaking, setSpeaking] = useState(false);
  const supported = typeof window !== 'undefined' && 'speechSynthesis' in window;
  // The voices arrive after the page loads on some phones (the voiceschanged event).
  const [voicesVersion, setVoicesVersion] = useState(0);
  useEffect(() => {
    if (!supported) return;
    const changed = () => setVoicesVersion((version) => version + 1);
    window.speechSynthesis.addEventListener('voiceschanged', changed);
    return () => {
      window.speechSynthesis.removeEventListener('voiceschanged', changed);
      window.speechSynthesis.cancel();
    };
  }, [supported]);
  const locale = i18n.locale;
  const voice = supported && voicesVersion >= 0 && locale !== SOURCE_LOCALE ? voiceFor(locale) : null;
  return {
    supported,
    speaking,
    /** Whether the English is read instead of the interface's language. */
    inEnglish: locale !== SOURCE_LOCALE && voice === null,
    toggle(descriptor: MessageDescriptor, values: Record<string, unknown>) {
      if (!supported) return;
      if (speaking) {
        window.speechSynthesis.cancel();
        setSpeaking(false);
        return;
      }
      const utterance = voice
        ? new SpeechSynthesisUtterance(i18n._(descriptor.id, values, { message: descriptor.message }))
        : new SpeechSynthesisUtterance(english._(descriptor.id, values, { message: descriptor.message }));
      utterance.lang = voice ? voice.lang : SOURCE_LOCALE;
      if (voice) utterance.voice = voice;
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
  const t = useT();
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
            setState({ kind: 'error', message: t(m.tooLong) });
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
        setState({ kind: 'error', message: t(m.noMicrophone) });
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
  const t = useT();
  const id = useId();
  const values = { name: props.speaker.name };
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
    if (!type) return setError(t(m.chooseType));
    if (evidence.length === 0) return setError(t(m.needEvidence));
    setBusy(true);
    try {
      await recordSpeakerConsent(localDb(), props.userId, props.speaker.id, type, evidence);
      props.onDone(true);
    } catch (failure) {
      setError(t(m.saveFailed, { reason: (failure as Error).message }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack consent-capture" aria-labelledby={`${id}-h`} data-testid="consent-capture">
      <h2 id={`${id}-h`}>{t(m.consentOf, values)}</h2>
      <p className="consent-text" data-testid="consent-text">
        {t(m.consentText, values)}
      </p>
      <div className="button-row">
        {readAloud.supported ? (
          <button type="button" className="btn" onClick={() => readAloud.toggle(m.consentText, values)}>
            <span aria-hidden="true">{readAloud.speaking ? '■ ' : '▶ '}</span>
            {readAloud.speaking ? t(m.stopReading) : t(m.readAloud)}
          </button>
        ) : (
          <p className="muted">{t(m.cannotRead)}</p>
        )}
        <a className="btn" href={DOCS.consentFormLopit}>
          {t(m.consentForm)}
        </a>
      </div>
      {readAloud.supported && readAloud.inEnglish && (
        <p className="muted" data-testid="consent-read-english">
          {t(m.readInEnglish)}
        </p>
      )}
      <fieldset className="consent-types">
        <legend>{t(m.agreesTo)}</legend>
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
            {t(TYPE_LABELS[item])}
          </label>
        ))}
      </fieldset>
      <div className="stack-tight">
        <h3>{t(m.spokenTitle)}</h3>
        <p className="muted">{t(m.spokenHint)}</p>
        {spoken.state.kind === 'recording' ? (
          <button type="button" className="btn btn-danger" onClick={() => spoken.stop()}>
            <span aria-hidden="true">■</span> {t(m.stop)}
          </button>
        ) : spoken.state.kind === 'done' ? (
          <div className="button-row">
            <audio controls src={spoken.state.url} aria-label={t(m.spokenTitle)} />
            <button type="button" className="btn" onClick={() => spoken.reset()}>
              {t(m.recordAgain)}
            </button>
          </div>
        ) : (
          <button type="button" className="btn" onClick={() => void spoken.start()}>
            <span aria-hidden="true">●</span> {t(m.recordSpoken)}
          </button>
        )}
        {spoken.state.kind === 'error' && (
          <p className="error-box" role="alert">
            {spoken.state.message}
          </p>
        )}
      </div>
      <div className="stack-tight">
        <h3>{t(m.photoTitle)}</h3>
        <label htmlFor={`${id}-photo`}>{photo ? t(m.takeAnother) : t(m.takePhoto)}</label>
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
              setError(t(m.photoTooLarge));
              return;
            }
            setError(null);
            setPhoto({
              evidence,
              url: URL.createObjectURL(new Blob([evidence.data], { type: evidence.mimeType })),
            });
          }}
        />
        {photo && <img className="consent-photo" src={photo.url} alt={t(m.photoAlt, values)} />}
      </div>
      {error && <FieldError text={error} alert testId="consent-error" />}
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || spoken.state.kind === 'recording'}
          onClick={() => void save()}
        >
          {t(m.save)}
        </button>
        <button type="button" className="btn" onClick={() => props.onDone(false)}>
          {t(m.notNow)}
        </button>
      </div>
    </section>
  );
}
