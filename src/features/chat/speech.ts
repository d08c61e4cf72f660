// Speech playback of a reply: POST /api/tts/synthesize, played at once; the headers say where the voice
// came from (a community recording, assembled from recorded words, or a synthetic approximation).
import { readSpeechInfo, type SpeechInfo, type TtsLanguage } from '../../../core/api/tts.ts';
import { api, request } from '../../lib/api-client.ts';

export interface Speech {
  url: string;
  info: SpeechInfo;
}

const cache = new Map<string, Promise<Speech>>();

export function speechFor(text: string, language: TtsLanguage): Promise<Speech> {
  const key = `${language}\u0000${text}`;
  let speech = cache.get(key);
  if (!speech) {
    speech = request(async () => {
      const response = await api.post('tts/synthesize', { json: { text, language }, timeout: 30_000 });
      const blob = await response.blob();
      return { url: URL.createObjectURL(blob), info: readSpeechInfo(response.headers) };
    });
    // A failure is not remembered: the next tap tries again.
    speech.catch(() => cache.delete(key));
    cache.set(key, speech);
  }
  return speech;
}

export function describeSpeech(info: SpeechInfo): string {
  switch (info.source) {
    case 'recording':
      return 'A community member’s recording';
    case 'assembled':
      return 'Put together from community recordings of each word';
    case 'synthesis':
      return info.approximation
        ? 'Synthetic voice: an approximation of Lopit pronunciation'
        : 'Synthetic voice';
    default:
      return 'Speech';
  }
}
