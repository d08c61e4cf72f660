// The first screen a new visitor sees when the community has translated the app into another language: the
// language choice, once. Closing it keeps English; either way it is not asked again on this device.
import { useState } from 'react';
import { SOURCE_LOCALE } from '../../core/i18n/languages.ts';
import { firstScreen } from '../../core/i18n/messages/settings.ts';
import { Modal } from '../components/modal.tsx';
import { chooseLocale, localeChosen, useT } from './i18n.tsx';
import { LanguageChoice, useListedLanguages } from './language-choice.tsx';

export function FirstLanguageChoice() {
  const t = useT();
  const languages = useListedLanguages();
  const [open, setOpen] = useState(() => !localeChosen());
  const close = () => {
    if (!localeChosen()) void chooseLocale(SOURCE_LOCALE);
    setOpen(false);
  };
  // Only English: nothing to choose.
  if (!open || languages.length < 2) return null;
  return (
    <Modal open title={t(firstScreen.title)} onClose={close} closeLabel={t(firstScreen.continue)}>
      <p className="muted">{t(firstScreen.hint)}</p>
      <LanguageChoice name="first-language" />
    </Modal>
  );
}
