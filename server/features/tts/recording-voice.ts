// Speaking with the community's own voices: finds a consented recording of the whole text, or one of each of its
// words, and turns the chosen recordings into one clip (decoded, silence trimmed, loudness-normalised, joined
// with short crossfades).
import { sentenceAccentKey, sentenceKey, tokenise } from '../../../core/mt/normalise.ts';
import { crossfadeConcat, fadeEdges, normaliseLoudness, trimSilence, type Clip } from './audio-clip.ts';
import type { VoiceRecording } from './voices.repository.ts';

/**
 * Whether a recording's owner is the requested speaker: a user id, or the pseudonymous label the dashboard and
 * speech headers show (`labelOf`, server/lib/speaker-pseudonyms.ts).
 */
export function speakerMatcher(
  speaker: string | null | undefined,
  labelOf: (ownerId: string) => string,
): (ownerId: string) => boolean {
  if (!speaker) return () => false;
  const wanted = speaker.toLowerCase();
  return wanted.startsWith('s-')
    ? (ownerId) => labelOf(ownerId).toLowerCase() === wanted
    : (ownerId) => ownerId.toLowerCase() === wanted;
}

export type SpeechPlan =
  | { source: 'recording'; recording: VoiceRecording }
  | { source: 'assembled'; words: { word: string; recording: VoiceRecording }[] }
  | { source: 'synthesis'; missingWords: string[] };

/** The matching forms of a transcript, kept per recording so each transcript is normalised once. */
interface TranscriptKeys {
  transcript: string;
  sentence: string;
  sentenceAccent: string;
  /** Set when the transcript is exactly one word. */
  word: { norm: string; key: string } | null;
}

const KEYS_CACHE_LIMIT = 50_000;
const keysCache = new Map<string, TranscriptKeys>();

function keysOf(recording: VoiceRecording): TranscriptKeys {
  const cached = keysCache.get(recording.id);
  if (cached && cached.transcript === recording.transcript) return cached;
  const words = tokenise(recording.transcript).filter((token) => token.kind === 'word');
  const only = words.length === 1 ? words[0] : undefined;
  const keys: TranscriptKeys = {
    transcript: recording.transcript,
    sentence: words.map((token) => token.norm).join(' '),
    sentenceAccent: words.map((token) => token.key).join(' '),
    word: only ? { norm: only.norm, key: only.key } : null,
  };
  if (keysCache.size >= KEYS_CACHE_LIMIT) keysCache.clear();
  keysCache.set(recording.id, keys);
  return keys;
}

/** The recordings that could speak this text: of the whole of it, or of one of its words. */
export function relevantRecordings(text: string, recordings: VoiceRecording[]): VoiceRecording[] {
  const sentence = sentenceKey(text);
  const sentenceAccent = sentenceAccentKey(text);
  const words = tokenise(text).filter((token) => token.kind === 'word');
  const norms = new Set(words.map((token) => token.norm));
  const keys = new Set(words.map((token) => token.key));
  return recordings.filter((recording) => {
    if (recording.silent) return false;
    const k = keysOf(recording);
    if (k.sentence === sentence || k.sentenceAccent === sentenceAccent) return true;
    return k.word !== null && (norms.has(k.word.norm) || keys.has(k.word.key));
  });
}

/**
 * Orders candidates best first: the requested speaker, then the speaker heard most in this text (one voice
 * where possible), then exact spelling over accent-insensitive match, unclipped over clipped, newest first.
 */
function best(
  candidates: { recording: VoiceRecording; exact: boolean }[],
  isSpeaker: (ownerId: string) => boolean,
  coverage: Map<string, number>,
): VoiceRecording | null {
  const score = ({ recording, exact }: { recording: VoiceRecording; exact: boolean }) => [
    isSpeaker(recording.ownerId) ? 0 : 1,
    -(coverage.get(recording.ownerId) ?? 0),
    exact ? 0 : 1,
    recording.clipped ? 1 : 0,
    -recording.createdAt.getTime(),
  ];
  const sorted = [...candidates].sort((a, b) => {
    const sa = score(a);
    const sb = score(b);
    for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return (sa[i] ?? 0) - (sb[i] ?? 0);
    return a.recording.id < b.recording.id ? -1 : 1;
  });
  return sorted[0]?.recording ?? null;
}

/**
 * Chooses how to speak the text from consented recordings: a recording of the whole text; else one recording
 * per word when every word has one; else synthesis, naming the words that had none.
 */
export function planSpeech(
  text: string,
  recordings: VoiceRecording[],
  speaker: string | null | undefined,
  labelOf: (ownerId: string) => string,
): SpeechPlan {
  const isSpeaker = speakerMatcher(speaker, labelOf);
  const usable = recordings.filter((recording) => !recording.silent);
  const sentence = sentenceKey(text);
  const sentenceAccent = sentenceAccentKey(text);
  const whole = usable
    .map((recording) => ({ recording, keys: keysOf(recording) }))
    .filter(({ keys }) => keys.sentence === sentence || keys.sentenceAccent === sentenceAccent)
    .map(({ recording, keys }) => ({ recording, exact: keys.sentence === sentence }));
  const wholeBest = best(whole, isSpeaker, new Map());
  if (wholeBest) return { source: 'recording', recording: wholeBest };

  const words = tokenise(text).filter((token) => token.kind === 'word');
  const singles = usable.flatMap((recording) => {
    const word = keysOf(recording).word;
    return word ? [{ recording, word }] : [];
  });
  const perWord = words.map((token) =>
    singles
      .filter(({ word }) => word.norm === token.norm || word.key === token.key)
      .map(({ recording, word }) => ({ recording, exact: word.norm === token.norm })),
  );
  const missing = words.filter((_, i) => perWord[i]?.length === 0).map((token) => token.text);
  if (missing.length > 0 || words.length === 0) {
    return { source: 'synthesis', missingWords: [...new Set(missing)] };
  }
  // How many of the text's distinct words each speaker has, to keep to as few voices as possible.
  const coverage = new Map<string, number>();
  const seen = new Set<string>();
  words.forEach((token, i) => {
    for (const ownerId of new Set(perWord[i]?.map(({ recording }) => recording.ownerId))) {
      const mark = `${ownerId} ${token.norm}`;
      if (seen.has(mark)) continue;
      seen.add(mark);
      coverage.set(ownerId, (coverage.get(ownerId) ?? 0) + 1);
    }
  });
  return {
    source: 'assembled',
    words: words.map((token, i) => ({
      word: token.text,
      recording: best(perWord[i] ?? [], isSpeaker, coverage) as VoiceRecording,
    })),
  };
}

/** The recordings a plan uses, in order. */
export function recordingsOf(plan: SpeechPlan): VoiceRecording[] {
  if (plan.source === 'recording') return [plan.recording];
  if (plan.source === 'assembled') return plan.words.map(({ recording }) => recording);
  return [];
}

/** How much quiet is kept around speech: a whole recording keeps a breath, a word in a sentence very little. */
const RECORDING_MARGIN_SECONDS = 0.12;
const WORD_MARGIN_SECONDS = 0.02;
/** Overlap of consecutive words. */
export const WORD_CROSSFADE_SECONDS = 0.04;

/** A whole recording ready to play. */
export function renderRecording(clip: Clip): Clip {
  return fadeEdges(normaliseLoudness(trimSilence(clip, { marginSeconds: RECORDING_MARGIN_SECONDS })));
}

/** Word recordings (in text order, one sample rate) joined into one clip of even loudness. */
export function renderAssembled(words: Clip[]): Clip {
  const prepared = words.map((clip) =>
    fadeEdges(normaliseLoudness(trimSilence(clip, { marginSeconds: WORD_MARGIN_SECONDS }))),
  );
  return fadeEdges(crossfadeConcat(prepared, WORD_CROSSFADE_SECONDS));
}
