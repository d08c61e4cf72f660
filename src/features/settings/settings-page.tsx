// Settings: appearance (theme), getting ready for the field, sync and storage, and installing the app.
import { useAuth } from '../auth/use-auth.ts';
import { setTheme, useTheme, type Theme } from '../theme/theme.ts';
import { FieldSection } from '../field/field-checklist.tsx';
import { InstallSection } from './install-section.tsx';
import { SyncSection } from './sync-section.tsx';

const THEMES: { value: Theme; label: string; hint: string }[] = [
  { value: 'dark', label: 'Dark', hint: 'Default; easier on the battery of most phones' },
  { value: 'light', label: 'Light', hint: 'Easier to read in bright sunlight' },
];

export function SettingsPage() {
  const theme = useTheme();
  const { user } = useAuth();
  return (
    <div className="page page-narrow">
      <div className="page-header">
        <h1>Settings</h1>
        <p>Saved on this device.</p>
      </div>
      <fieldset className="card form">
        <legend>
          <h2>Appearance</h2>
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
              <strong>{option.label}</strong> <span className="muted">— {option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {user && <FieldSection />}
      {user && <SyncSection />}
      <InstallSection />
    </div>
  );
}
