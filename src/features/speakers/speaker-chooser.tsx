// "Who is speaking?": the account holder, or one of the field speakers whose consent is recorded on this phone.
// Every clip recorded while a speaker is chosen is theirs (issue 16). A choice from before the app was opened
// is not taken for granted: the chooser asks again, and the screens record nothing until someone is chosen.
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { speakers as m } from '../../../core/i18n/messages/speakers.ts';
import { PATHS } from '../../app/paths.ts';
import { useT } from '../../i18n/i18n.tsx';
import { mayRecord } from '../../offline/speakers.ts';
import { useFieldSpeaker, useSpeakers } from './field-speaker.ts';

/** The select's value while nobody has been chosen since the app was opened (not a speaker id, nor ''). */
const ASK = 'ask';

export function SpeakerChooser({ userId, disabled = false }: { userId: string; disabled?: boolean }) {
  const t = useT();
  const id = useId();
  const speakers = useSpeakers(userId);
  const { speaker, confirmed, choose } = useFieldSpeaker(userId);
  const ready = (speakers ?? []).filter(mayRecord);
  const asking = speakers !== undefined && !confirmed;
  return (
    <div
      className={asking ? 'speaker-chooser speaker-chooser-asking notice-box' : 'speaker-chooser'}
      data-testid="speaker-chooser"
    >
      <label htmlFor={id}>{t(m.whoIsSpeaking)}</label>
      <select
        id={id}
        className="input"
        value={asking ? ASK : (speaker?.id ?? '')}
        disabled={disabled}
        aria-describedby={asking ? `${id}-ask` : undefined}
        onChange={(event) => event.target.value !== ASK && choose(event.target.value || null)}
      >
        {asking && (
          <option value={ASK} disabled>
            {t(m.chooseSpeaker)}
          </option>
        )}
        <option value="">{t(m.me)}</option>
        {ready.map((item) => (
          <option key={item.id} value={item.id} translate="no">
            {item.name}
          </option>
        ))}
      </select>
      {asking && (
        <p id={`${id}-ask`} className="speaker-chooser-ask" data-testid="speaker-ask">
          <span aria-hidden="true">⚠ </span>
          {t(m.askAgain)}
        </p>
      )}
      <Link to={PATHS.speakers} className="speaker-chooser-link">
        {t(m.manage)}
      </Link>
    </div>
  );
}
