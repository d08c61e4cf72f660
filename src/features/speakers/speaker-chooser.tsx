// "Who is speaking?": the account holder, or one of the field speakers whose consent is recorded on this phone.
// Every clip recorded while a speaker is chosen is theirs (issue 16).
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { speakers as m } from '../../../core/i18n/messages/speakers.ts';
import { PATHS } from '../../app/paths.ts';
import { useT } from '../../i18n/i18n.tsx';
import { mayRecord } from '../../offline/speakers.ts';
import { useFieldSpeaker, useSpeakers } from './field-speaker.ts';

export function SpeakerChooser({ userId, disabled = false }: { userId: string; disabled?: boolean }) {
  const t = useT();
  const id = useId();
  const speakers = useSpeakers(userId);
  const { speaker, choose } = useFieldSpeaker(userId);
  const ready = (speakers ?? []).filter(mayRecord);
  return (
    <div className="speaker-chooser" data-testid="speaker-chooser">
      <label htmlFor={id}>{t(m.whoIsSpeaking)}</label>
      <select
        id={id}
        className="input"
        value={speaker?.id ?? ''}
        disabled={disabled}
        onChange={(event) => choose(event.target.value || null)}
      >
        <option value="">{t(m.me)}</option>
        {ready.map((item) => (
          <option key={item.id} value={item.id} translate="no">
            {item.name}
          </option>
        ))}
      </select>
      <Link to={PATHS.speakers} className="speaker-chooser-link">
        {t(m.manage)}
      </Link>
    </div>
  );
}
