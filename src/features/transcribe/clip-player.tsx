// The clip's player on /transcribe and /repeat: the browser's own controls (play, replay, seek), which work by
// keyboard and touch, and a choice of speed (1×, 0.75×, 0.5×) with the pitch kept, so a transcriber can hear fast
// speech slowly. The speed is remembered on this phone (settings-store) and applies to the audio element itself,
// so it works offline on the clip the phone already keeps.
import { useEffect, useRef, useState } from 'react';
import { ChoiceTabs } from '../../components/choice-tabs.tsx';
import { transcribe as m } from '../../../core/i18n/messages/transcribe.ts';
import { useT } from '../../i18n/i18n.tsx';
import { settingsStore } from '../../offline/settings-store.ts';

/** The speeds offered, normal first. */
export const PLAYBACK_RATES = ['1', '0.75', '0.5'] as const;
type Rate = (typeof PLAYBACK_RATES)[number];

/** The speed chosen on this phone, read once and shared by every player on the screen. */
let remembered: Rate | null = null;

function usePlaybackRate() {
  const [rate, setRate] = useState<Rate>(remembered ?? '1');
  useEffect(() => {
    let live = true;
    void settingsStore.playbackRate().then((kept) => {
      const found = PLAYBACK_RATES.find((choice) => Number(choice) === kept);
      if (live && found) {
        remembered = found;
        setRate(found);
      }
    });
    return () => {
      live = false;
    };
  }, []);
  const choose = (next: Rate) => {
    remembered = next;
    setRate(next);
    void settingsStore.setPlaybackRate(Number(next));
  };
  return [rate, choose] as const;
}

export function ClipPlayer({
  url,
  label,
  testId,
  speeds = true,
}: {
  url: string | null;
  label: string;
  testId?: string;
  /** Offer the slower speeds (false: a clip already said slowly, played as it is). */
  speeds?: boolean;
}) {
  const t = useT();
  const [chosen, setRate] = usePlaybackRate();
  const rate = speeds ? chosen : '1';
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    // A new source resets playbackRate to defaultPlaybackRate: set both.
    element.defaultPlaybackRate = Number(rate);
    element.playbackRate = Number(rate);
    element.preservesPitch = true;
  }, [rate, url]);
  if (!url) return <p role="status">{t(m.loadingClip)}</p>;
  return (
    <div className="transcribe-player">
      <audio
        ref={audio}
        className="transcribe-audio"
        controls
        preload="auto"
        src={url}
        aria-label={label}
        data-testid={testId}
      />
      {speeds && (
        <ChoiceTabs
          label={t(m.speed)}
          choices={PLAYBACK_RATES.map((value) => ({
            value,
            label: t(m.speedChoice, { rate: Number(value) }),
          }))}
          value={rate}
          onChange={setRate}
          className="transcribe-speed"
          testIdPrefix="transcribe-speed-"
        />
      )}
    </div>
  );
}
