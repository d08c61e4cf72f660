// Settings: appearance (theme), the interface's language, getting ready for the field, sync and storage, and installing the app.
import { Link } from '@tanstack/react-router';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { settings } from '../../../core/i18n/messages/settings.ts';
import { PATHS } from '../../app/paths.ts';
import { useT } from '../../i18n/i18n.tsx';
import { LanguageChoice } from '../../i18n/language-choice.tsx';
import { useAuth } from '../auth/use-auth.ts';
import { setTheme, useTheme, type Theme } from '../theme/theme.ts';
import { FieldSection } from '../field/field-checklist.tsx';
import { InstallSection } from './install-section.tsx';
import { SyncSection } from './sync-section.tsx';

const THEMES: { value: Theme; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  { value: 'dark', label: settings.dark, hint: settings.darkHint },
  { value: 'light', label: settings.light, hint: settings.lightHint },
];

export function SettingsPage() {
  const t = useT();
  const theme = useTheme();
  const { user } = useAuth();
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>{t(settings.title)}</h1>
        <p>{t(settings.savedHere)}</p>
      </div>
      <fieldset className="card form">
        <legend>
          <h2>{t(settings.appearance)}</h2>
        </legend>
        {THEMES.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="radio"
              name="theme"
              value={option.value}
              checked={theme === option.value}
              onChange={() => setTheme(option.value)}
            />
            <span>
              <strong>{t(option.label)}</strong> <span className="muted">— {t(option.hint)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="card form" id="language">
        <legend>
          <h2>{t(settings.language)}</h2>
        </legend>
        <p className="muted">{t(settings.languageHint)}</p>
        <LanguageChoice />
        {user && <Link to={PATHS.translateApp}>{t(settings.helpTranslate)}</Link>}
      </fieldset>
      {user && <FieldSection />}
      {user && <SyncSection />}
      <InstallSection />
    </div>
  );
}
