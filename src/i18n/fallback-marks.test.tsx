// @vitest-environment happy-dom
// The marks of a page in another language (issue 35): an element showing English that stands in for a missing
// translation reads lang="en", one showing the translator's own proposal in a preview is marked for its dotted
// underline, a sentence mixing a translation with English keeps the page's language, and the marks go when the
// page is in English again. Made-up words; no Lopit is invented.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { shell } from '../../core/i18n/messages/shell.ts';
import { markShownTexts } from './fallback-marks.ts';
import { startPreview, stopPreview, t } from './i18n.tsx';

function Page() {
  return (
    <div>
      <a data-testid="villages">{t(shell.navVillages)}</a>
      <a data-testid="about">{t(shell.navAbout)}</a>
      <a data-testid="culture">{t(shell.navCulture)}</a>
      <p data-testid="mixed">
        {t(shell.navVillages)} · {t(shell.navCulture)}
      </p>
      <p data-testid="data" lang="qaa">
        Culture
      </p>
    </div>
  );
}

afterEach(() => {
  cleanup();
  stopPreview();
});

describe('fallback and proposal marks', () => {
  it('marks English fallback lang="en" and the own proposals, and unmarks them in English', () => {
    startPreview({
      code: 'qaa',
      name: 'Blorpish',
      messages: { [shell.navVillages.id]: 'Blorpa vilazh', [shell.navAbout.id]: 'Blorp abaut' },
      proposed: [shell.navAbout.id],
    });
    const { getByTestId, rerender } = render(<Page />);
    markShownTexts();
    expect(document.documentElement.lang).toBe('qaa');
    expect(getByTestId('villages').textContent).toBe('Blorpa vilazh');
    expect(getByTestId('villages').hasAttribute('lang')).toBe(false);
    expect(getByTestId('villages').hasAttribute('data-i18n-proposed')).toBe(false);
    expect(getByTestId('about').hasAttribute('data-i18n-proposed')).toBe(true);
    expect(getByTestId('culture').getAttribute('lang')).toBe('en');
    // A sentence of both keeps the page's language; an element the app gave a language keeps it.
    expect(getByTestId('mixed').hasAttribute('lang')).toBe(false);
    expect(getByTestId('data').getAttribute('lang')).toBe('qaa');

    stopPreview();
    rerender(<Page />);
    markShownTexts();
    expect(document.documentElement.lang).toBe('en');
    expect(getByTestId('culture').hasAttribute('lang')).toBe(false);
    expect(getByTestId('about').hasAttribute('data-i18n-proposed')).toBe(false);
    expect(getByTestId('data').getAttribute('lang')).toBe('qaa');
  });
});
