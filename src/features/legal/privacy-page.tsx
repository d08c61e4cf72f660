// Privacy notice (/privacy): what this platform stores, why, and the contributor's rights.
import { Link } from '@tanstack/react-router';
import {
  CHAT_SESSION_HISTORY_MESSAGES,
  CONTRIBUTION_LICENCE,
  SESSION_TTL_MS,
} from '../../../core/constants.ts';
import { privacy } from '../../../core/i18n/messages/legal.ts';
import { PATHS } from '../../app/paths.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { LegalLayout, LegalSection } from './legal-layout.tsx';

/** Sign-in tokens expire after this many days. */
const TOKEN_DAYS = Math.round(SESSION_TTL_MS / (24 * 60 * 60 * 1000));

export function PrivacyPage() {
  const t = useT();
  const bold = (label: Parameters<typeof t>[0]) => ({ label: <strong>{t(label)}</strong> });
  return (
    <LegalLayout title={t(privacy.title)} lead={t(privacy.lead)}>
      <LegalSection id="privacy-who" title={t(privacy.whoTitle)}>
        <p>{t(privacy.who)}</p>
      </LegalSection>

      <LegalSection id="privacy-stored" title={t(privacy.storedTitle)}>
        <ul>
          <li>{richText(t, privacy.storedAccount, bold(privacy.storedAccountLabel))}</li>
          <li>
            {richText(t, privacy.storedPassword, bold(privacy.storedPasswordLabel), { days: TOKEN_DAYS })}
          </li>
          <li>{richText(t, privacy.storedRecordings, bold(privacy.storedRecordingsLabel))}</li>
          <li>{richText(t, privacy.storedTranslations, bold(privacy.storedTranslationsLabel))}</li>
          <li>{richText(t, privacy.storedLedger, bold(privacy.storedLedgerLabel))}</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-browser" title={t(privacy.browserTitle)}>
        <ul>
          <li>{t(privacy.browserToken)}</li>
          <li>{t(privacy.browserTheme)}</li>
          <li>{t(privacy.browserChat, { count: CHAT_SESSION_HISTORY_MESSAGES })}</li>
        </ul>
        <p>{t(privacy.browserServer)}</p>
      </LegalSection>

      <LegalSection id="privacy-use" title={t(privacy.useTitle)}>
        <ul>
          <li>{t(privacy.useAccount)}</li>
          <li>{t(privacy.useTraining, { licence: CONTRIBUTION_LICENCE })}</li>
          <li>{t(privacy.useNeverSold)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-rights" title={t(privacy.rightsTitle)}>
        <ul>
          <li>
            {richText(t, privacy.rightsWithdraw, {
              ...bold(privacy.rightsWithdrawLabel),
              consentPage: <Link to={PATHS.consent}>{t(privacy.consentPageLink)}</Link>,
            })}
          </li>
          <li>
            {richText(t, privacy.rightsCorrect, {
              profile: <Link to={PATHS.profile}>{t(privacy.profileLink)}</Link>,
            })}
          </li>
          <li>{t(privacy.rightsCopy)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-contact" title={t(privacy.contactTitle)}>
        <p>
          {richText(t, privacy.contact, {
            terms: <Link to={PATHS.terms}>{t(privacy.termsLink)}</Link>,
          })}
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
