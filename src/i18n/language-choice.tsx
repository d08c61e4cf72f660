// The interface's language choice: English and every language the community has translated far enough
// (core/i18n/languages.ts), in Settings and on the first screen a new visitor sees. The list is kept on the
// device so the choice works offline; a language's name is shown as its admins wrote it, in that language.
// The list is in localStorage (a copy of server data, not something the user made) because the choice is drawn
// with the first render, before any IndexedDB read could answer.
import { useEffect, useState } from 'react';
import type { UiLanguage } from '../../core/api/i18n.ts';
import { settings } from '../../core/i18n/messages/settings.ts';
import { SOURCE_LOCALE } from '../../core/i18n/languages.ts';
import { chooseLocale, storedLocale, useT } from './i18n.tsx';

const LANGUAGES_KEY = 'lopit.languages';
const ENGLISH: UiLanguage = { code: SOURCE_LOCALE, name: 'English', approved: 0, total: 0, listed: true };

function keptLanguages(): UiLanguage[] {
  try {
    return JSON.parse(localStorage.getItem(LANGUAGES_KEY) ?? '[]') as UiLanguage[];
  } catch {
    return [];
  }
}

/** The languages offered (English first), the kept list at once and the server's when it answers. */
export function useListedLanguages(): UiLanguage[] {
  const [languages, setLanguages] = useState<UiLanguage[]>(keptLanguages);
  useEffect(() => {
    let live = true;
    fetch('/api/i18n/languages')
      .then((response) => (response.ok ? (response.json() as Promise<{ languages: UiLanguage[] }>) : null))
      .then((body) => {
        if (!body || !live) return;
        const listed = body.languages.filter((language) => language.listed);
        localStorage.setItem(LANGUAGES_KEY, JSON.stringify(listed));
        setLanguages(listed);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return [ENGLISH, ...languages.filter((language) => language.code !== SOURCE_LOCALE)];
}

export function LanguageChoice({ name = 'language' }: { name?: string }) {
  const t = useT();
  const languages = useListedLanguages();
  const [current, setCurrent] = useState(storedLocale);
  return (
    <div className="language-choice" data-testid="language-choice">
      {languages.map((language) => (
        <label key={language.code} className="checkbox">
          <input
            type="radio"
            name={name}
            value={language.code}
            checked={current === language.code}
            onChange={() => {
              setCurrent(language.code);
              void chooseLocale(language.code);
            }}
          />
          <span>
            <strong lang={language.code}>{language.name}</strong>
            {language.code !== SOURCE_LOCALE && (
              <span className="muted">
                {' '}
                — {t(settings.languageProgress, { percent: language.approved / Math.max(language.total, 1) })}
              </span>
            )}
          </span>
        </label>
      ))}
    </div>
  );
}
