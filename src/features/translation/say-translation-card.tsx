// Translate, said aloud (issue 16): the English sentence, answered by speaking its Lopit translation instead of
// typing it. The clip is kept with the English it translates (speech translation data) and waits for someone
// to write down what it says on Transcribe; its transcript, once approved, also becomes a proposal for the pair.
import { useId, useState } from 'react';
import type { CachedPair } from '../../offline/local-db.ts';
import { SpeechButton } from '../chat/speech-button.tsx';
import { OneTakeControls, useOneTake } from '../recording/one-take.tsx';
import { PromptReportDialog } from '../speak/prompt-report-dialog.tsx';
import { translateOne } from '../../../core/i18n/messages/translation.ts';
import { useT } from '../../i18n/i18n.tsx';

export function SayTranslationCard(props: {
  pair: CachedPair;
  userId: string;
  speakerId: string | null;
  position: string;
  canRecord: boolean;
  canSkip: boolean;
  onSaved: () => void;
  onSkip: () => void;
  onReport: Parameters<typeof PromptReportDialog>[0]['onReport'];
}) {
  const t = useT();
  const { pair } = props;
  const id = useId();
  const [reporting, setReporting] = useState(false);
  const take = useOneTake(
    props.userId,
    () => ({
      title: null,
      transcript: null,
      language: 'lpx',
      promptPairId: null,
      sourcePairId: pair.id,
      speakerId: props.speakerId,
    }),
    props.onSaved,
  );
  const { busy } = take;

  return (
    <section className="card stack speak-card" aria-labelledby={`${id}-heading`} data-testid="say-card">
      <h2 id={`${id}-heading`} className="review-position speak-position">
        {props.position}
      </h2>
      <p className="prompt-sentence speak-sentence" lang="en" data-testid="translate-english">
        {pair.english}
      </p>
      <div className="speak-hear">
        <SpeechButton
          key={pair.id}
          text={pair.english}
          language="en"
          label={t(translateOne.hearIt)}
          ariaLabel={t(translateOne.hearSentence)}
        />
      </div>
      <p className="muted">{t(translateOne.sayPrompt)}</p>
      <OneTakeControls take={take} label={t(translateOne.sayInLopit)} disabled={!props.canRecord} />
      <div className="button-row speak-secondary">
        <button type="button" className="btn" disabled={busy || !props.canSkip} onClick={props.onSkip}>
          {t(translateOne.skip)}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => setReporting(true)}>
          {t(translateOne.report)}
        </button>
      </div>
      <PromptReportDialog open={reporting} onClose={() => setReporting(false)} onReport={props.onReport} />
    </section>
  );
}
