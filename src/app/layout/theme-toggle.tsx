// Button switching between dark and light theme; says which theme it switches to.
import { toggleTheme, useTheme } from '../../features/theme/theme.ts';

export function ThemeToggle({ className = 'btn btn-ghost' }: { className?: string }) {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={className}
      onClick={toggleTheme}
      aria-label={`Switch to ${next} theme`}
      data-testid="theme-toggle"
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
      <span className="theme-toggle-text">{next === 'light' ? 'Light' : 'Dark'}</span>
    </button>
  );
}
