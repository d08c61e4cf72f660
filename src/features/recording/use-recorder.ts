// The browser recorder: microphone permission, RecordRTC capture (loaded only when recording starts),
// a live input level, elapsed time, a maximum length, and about half a second of tail after Stop so the
// last words are not cut. Audio goes to IndexedDB while it is recorded, so a crash loses nothing.
import type RecordRTCInstance from 'recordrtc';
import { shell } from '../../../core/i18n/messages/shell.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecordingQuality } from '../../../core/api/recordings.ts';
import { FULL_SCALE, LevelMeter } from '../../../core/audio/levels.ts';
import { qualityOf } from '../../../core/audio/quality.ts';
import {
  RECORDING_BITS_PER_SECOND,
  RECORDING_MAX_SECONDS,
  RECORDING_QUIET_RMS_DB,
  RECORDING_TAIL_MS,
} from '../../../core/constants.ts';
import { recording } from '../../../core/i18n/messages/recording.ts';
import { t } from '../../i18n/i18n.tsx';
import { useBusy } from '../../pwa/busy.ts';
import {
  createDraft,
  deleteLocal,
  DraftWriter,
  replaceDraftAudio,
  storageFailureMessage,
  type RecordingMeta,
} from './local-recordings.ts';

/** What the browser records well, best first: Opus in WebM (Chromium, Firefox), AAC in MP4 (Safari). */
const CANDIDATE_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4;codecs=mp4a.40.2',
  'audio/mp4',
  'audio/webm',
];

export function chooseMimeType(isSupported: (type: string) => boolean): string | null {
  return CANDIDATE_TYPES.find((type) => isSupported(type)) ?? null;
}

export function extensionFor(mimeType: string): string {
  if (mimeType.startsWith('audio/mp4')) return 'm4a';
  if (mimeType.startsWith('audio/ogg')) return 'ogg';
  return 'webm';
}

export const maxSeconds = Number(import.meta.env.VITE_RECORDING_MAX_SECONDS ?? RECORDING_MAX_SECONDS);

export type RecorderState =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'recording'; draftId: string }
  | { kind: 'stopping'; draftId: string }
  | {
      kind: 'review';
      draftId: string;
      durationSeconds: number;
      url: string;
      /** The phone's verdict, from the microphone's levels while it recorded. */
      quality: RecordingQuality;
    }
  | { kind: 'error'; message: string };

function microphoneMessage(error: unknown): string {
  const name = (error as { name?: string }).name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return t(recording.micRefused);
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return t(recording.micMissing);
  if (name === 'NotReadableError') return t(recording.micBusy);
  return t(recording.micFailed, { reason: (error as Error).message || t(recording.unknownError) });
}

/** What the level meter can tell while recording: nothing heard for a while, or sound at full scale just now. */
export type LiveWarning = 'quiet' | 'loud' | null;
/** Nothing above the quiet level for this long is worth a word. */
const QUIET_WARNING_MS = 2_500;
/** Full-scale samples this recently still show as 'too loud'. */
const LOUD_WARNING_MS = 1_000;
const QUIET_AMPLITUDE = 10 ** (RECORDING_QUIET_RMS_DB / 20);

interface Session {
  stream: MediaStream;
  /** The microphone's levels over the whole recording (every analysed frame). */
  meter: LevelMeter;
  recorder: RecordRTCInstance;
  context: AudioContext;
  startedAt: number;
  writer: DraftWriter;
  frame: number;
  timer: ReturnType<typeof setInterval> | undefined;
}

/**
 * RecordRTC is loaded with the recording screen, not at the tap: a contributor who opened the page and
 * then lost the signal can still record (the service worker precaches the chunk too, once installed).
 */
const importRecordRtc = () => import('recordrtc').then((module) => module.default);
let recordRtcModule: ReturnType<typeof importRecordRtc> | null = null;
/** Loads the recorder library once (a head start where recording is near, so it is here when the signal is not). */
export function loadRecordRtc() {
  recordRtcModule ??= importRecordRtc().catch((error: unknown) => {
    recordRtcModule = null;
    throw error;
  });
  return recordRtcModule;
}

/** `limitSeconds`: the longest recording (a Tell recording's is TELL_MAX_SECONDS). */
export function useRecorder(userId: string | null, limitSeconds: number = maxSeconds) {
  const [state, setState] = useState<RecorderState>({ kind: 'idle' });
  const [level, setLevel] = useState(0);
  const [warning, setWarning] = useState<LiveWarning>(null);
  const [elapsed, setElapsed] = useState(0);
  const session = useRef<Session | null>(null);
  const stopRef = useRef<() => Promise<void>>(() => Promise.resolve());

  useBusy(
    state.kind === 'recording' || state.kind === 'stopping' || state.kind === 'review',
    shell.busyRecording,
  );

  useEffect(() => {
    // Errors surface when recording starts; here it is only a head start.
    loadRecordRtc().catch(() => undefined);
  }, []);

  const release = useCallback(() => {
    const current = session.current;
    if (!current) return;
    cancelAnimationFrame(current.frame);
    clearInterval(current.timer);
    current.stream.getTracks().forEach((track) => track.stop());
    void current.context.close();
    current.recorder.destroy();
    session.current = null;
  }, []);

  const start = useCallback(
    async (meta: Omit<RecordingMeta, 'mimeType' | 'fileName'>) => {
      if (!userId || session.current) return;
      setState({ kind: 'starting' });
      let stream: MediaStream;
      try {
        if (!navigator.mediaDevices?.getUserMedia)
          throw Object.assign(new Error(), { name: 'NotFoundError' });
        stream = await navigator.mediaDevices.getUserMedia({
          audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
        });
      } catch (error) {
        setState({ kind: 'error', message: microphoneMessage(error) });
        return;
      }
      const mimeType =
        typeof MediaRecorder === 'undefined'
          ? null
          : chooseMimeType((type) => MediaRecorder.isTypeSupported(type));
      if (!mimeType) {
        stream.getTracks().forEach((track) => track.stop());
        setState({
          kind: 'error',
          message: t(recording.cannotRecord),
        });
        return;
      }
      let RecordRTC: Awaited<ReturnType<typeof importRecordRtc>>;
      try {
        RecordRTC = await loadRecordRtc();
      } catch {
        stream.getTracks().forEach((track) => track.stop());
        setState({
          kind: 'error',
          message: t(recording.notLoaded),
        });
        return;
      }
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
      const draftId = await createDraft(userId, {
        ...meta,
        mimeType: mimeType.split(';')[0]!,
        fileName: `recording-${stamp}.${extensionFor(mimeType)}`,
      });
      let index = 0;
      // Storage full mid-recording: the microphone is released at once and the contributor told what to do;
      // the seconds already written stay, as an interrupted recording they can save.
      const writer = new DraftWriter(draftId, (message) => {
        release();
        setLevel(0);
        setState({ kind: 'error', message });
      });
      const current: Session = {
        stream,
        meter: new LevelMeter(),
        context: new AudioContext(),
        startedAt: performance.now(),
        writer,
        frame: 0,
        timer: undefined,
        recorder: new RecordRTC(stream, {
          type: 'audio',
          mimeType: mimeType as 'audio/webm',
          recorderType: RecordRTC.MediaStreamRecorder,
          numberOfAudioChannels: 1,
          audioBitsPerSecond: RECORDING_BITS_PER_SECOND,
          timeSlice: 1_000,
          disableLogs: true,
          // Every second of audio is written to IndexedDB as it arrives.
          ondataavailable: (blob: Blob) => writer.write(index++, blob),
        }),
      };
      session.current = current;
      // Live level: RMS of the input, 0..1, for the meter.
      const analyser = current.context.createAnalyser();
      analyser.fftSize = 1024;
      current.context.createMediaStreamSource(stream).connect(analyser);
      const samples = new Float32Array(analyser.fftSize);
      let heardAt = performance.now();
      let loudAt = -Infinity;
      const measure = () => {
        analyser.getFloatTimeDomainData(samples);
        current.meter.addFloats(samples);
        let sum = 0;
        let peak = 0;
        for (const sample of samples) {
          sum += sample * sample;
          peak = Math.max(peak, Math.abs(sample));
        }
        const rms = Math.sqrt(sum / samples.length);
        const now = performance.now();
        if (rms >= QUIET_AMPLITUDE) heardAt = now;
        if (peak >= FULL_SCALE) loudAt = now;
        setLevel(Math.min(1, rms * 4));
        setWarning(
          now - loudAt < LOUD_WARNING_MS ? 'loud' : now - heardAt > QUIET_WARNING_MS ? 'quiet' : null,
        );
        current.frame = requestAnimationFrame(measure);
      };
      current.frame = requestAnimationFrame(measure);
      current.timer = setInterval(() => {
        const seconds = (performance.now() - current.startedAt) / 1_000;
        setElapsed(seconds);
        if (seconds >= limitSeconds) void stopRef.current();
      }, 250);
      current.recorder.startRecording();
      setElapsed(0);
      setState({ kind: 'recording', draftId });
    },
    [userId, release, limitSeconds],
  );

  const stop = useCallback(async () => {
    const current = session.current;
    if (!current) return;
    const draftId = (state as { draftId?: string }).draftId;
    if (!draftId) return;
    setState({ kind: 'stopping', draftId });
    try {
      // Keep the tail: people stop the recorder while saying the last word.
      await new Promise((resolve) => setTimeout(resolve, RECORDING_TAIL_MS));
      const durationSeconds = Math.min(limitSeconds, (performance.now() - current.startedAt) / 1_000);
      await new Promise<void>((resolve) => current.recorder.stopRecording(() => resolve()));
      const whole = current.recorder.getBlob();
      if (await current.writer.settled()) return; // already stopped and explained by the writer
      // The recorder's final file is the reference: stored in place of the per-second pieces.
      await replaceDraftAudio(draftId, whole, durationSeconds);
      const levels = current.meter.samples > 0 ? current.meter.result() : null;
      setState({
        kind: 'review',
        draftId,
        durationSeconds,
        url: URL.createObjectURL(whole),
        quality: qualityOf(durationSeconds, levels, limitSeconds),
      });
    } catch (error) {
      setState({ kind: 'error', message: storageFailureMessage(error) });
    } finally {
      // Whatever happened, the microphone is released.
      release();
      setLevel(0);
      setWarning(null);
    }
  }, [state, release, limitSeconds]);
  stopRef.current = stop;

  const reset = useCallback(
    async (discard: boolean) => {
      if (state.kind === 'review') {
        URL.revokeObjectURL(state.url);
        if (discard) await deleteLocal(state.draftId);
      }
      setState({ kind: 'idle' });
      setElapsed(0);
    },
    [state],
  );

  // Leaving the page mid-recording: stop the microphone; the draft stays in IndexedDB for recovery.
  useEffect(() => release, [release]);

  return { state, level, warning, elapsed, start, stop, reset };
}
