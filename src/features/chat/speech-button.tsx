// Plays a text aloud (POST /api/tts/synthesize through speech.ts) and says where the voice came from: a community
// recording, one put together from recorded words, or a synthetic approximation, so nobody takes synthesis for a
// speaker. Used by the chat's replies and by the prompts of Speak and Translate ("hear the prompt").
import { chat } from '../../../core/i18n/messages/chat.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useEffect, useRef, useState } from 'react';
import { describeSpeech, speechFor, type Speech } from './speech.ts';
import './speech-button.css';

export function SpeechButton({
  text,
  language,
  label,
  ariaLabel,
}: {
  text: string;
  language: 'en' | 'lpx';
  label?: string;
  ariaLabel?: string;
}) {
  const t = useT();
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'loading' }
    | { kind: 'ready'; speech: Speech }
    | { kind: 'error'; message: string }
    | { kind: 'device' }
  >({ kind: 'idle' });
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (state.kind === 'ready') void audio.current?.play().catch(() => undefined);
  }, [state]);

  async function play() {
    if (state.kind === 'ready') {
      if (audio.current) {
        audio.current.currentTime = 0;
        void audio.current.play().catch(() => undefined);
      }
      return;
    }
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', speech: await speechFor(text, language) });
    } catch (caught) {
      // No server (no signal): English can still be heard in the phone's own synthetic voice, labelled as such.
      if (language === 'en' && typeof window !== 'undefined' && 'speechSynthesis' in window) {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = 'en';
        window.speechSynthesis.cancel();
        window.speechSynthesis.speak(utterance);
        setState({ kind: 'device' });
        return;
      }
      setState({ kind: 'error', message: (caught as Error).message });
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() => void play()}
        disabled={state.kind === 'loading'}
        aria-label={ariaLabel ?? t(chat.playSpeech)}
      >
        {state.kind === 'loading' ? t(chat.loadingSpeech) : (label ?? t(chat.play))}
      </button>
      {state.kind === 'ready' && (
        <span className="chat-speech" data-testid="speech-info">
          <audio ref={audio} src={state.speech.url} controls preload="auto" />
          <span className="muted">{describeSpeech(state.speech.info)}</span>
        </span>
      )}
      {state.kind === 'device' && (
        <span className="muted" role="status" data-testid="speech-info">
          {t(chat.deviceVoice)}
        </span>
      )}
      {state.kind === 'error' && (
        <span className="muted" role="status">
          {t(chat.speechUnavailable, { reason: state.message })}
        </span>
      )}
    </>
  );
}
