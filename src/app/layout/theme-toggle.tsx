// Button switching between dark and light theme; says which theme it switches to.
import { shell } from '../../../core/i18n/messages/shell.ts';
import { toggleTheme, useTheme } from '../../features/theme/theme.ts';
import { useT } from '../../i18n/i18n.tsx';

export function ThemeToggle({ className = 'btn btn-ghost' }: { className?: string }) {
  const t = useT();
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={className}
      onClick={toggleTheme}
      aria-label={t(shell.themeSwitchTo, { theme: next })}
      data-testid="theme-toggle"
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
      <span className="theme-toggle-text">{t(next === 'light' ? shell.themeLight : shell.themeDark)}</span>
    </button>
  );
}
