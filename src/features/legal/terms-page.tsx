// Terms of use (/terms): the rules for using this community platform and contributing to it.
import { Link } from '@tanstack/react-router';
import { CONTRIBUTION_LICENCE } from '../../../core/constants.ts';
import { terms } from '../../../core/i18n/messages/legal.ts';
import { PATHS, SOURCE_REPOSITORY_URL } from '../../app/paths.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { LICENCE_URL, LegalLayout, LegalSection } from './legal-layout.tsx';

export function TermsPage() {
  const t = useT();
  return (
    <LegalLayout title={t(terms.title)} lead={t(terms.lead)}>
      <LegalSection id="terms-platform" title={t(terms.platformTitle)}>
        <p>{t(terms.platform)}</p>
      </LegalSection>

      <LegalSection id="terms-account" title={t(terms.accountTitle)}>
        <ul>
          <li>{t(terms.accountOwn)}</li>
          <li>{t(terms.accountPassword)}</li>
          <li>{t(terms.accountResponsible)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-contributions" title={t(terms.contributionsTitle)}>
        <p>
          {richText(t, terms.contributions, {
            licence: <a href={LICENCE_URL}>{t(terms.licenceLink, { code: CONTRIBUTION_LICENCE })}</a>,
          })}
        </p>
        <ul>
          <li>{t(terms.contributionsRight)}</li>
          <li>{t(terms.contributionsNeverSold)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-consent" title={t(terms.consentTitle)}>
        <p>
          {richText(t, terms.consent, {
            consentPage: <Link to={PATHS.consent}>{t(terms.consentPageLink)}</Link>,
          })}
        </p>
        <p>{t(terms.consentCopies)}</p>
      </LegalSection>

      <LegalSection id="terms-content" title={t(terms.contentTitle)}>
        <ul>
          <li>{t(terms.contentDrafts)}</li>
          <li>{t(terms.contentMachine)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-conduct" title={t(terms.conductTitle)}>
        <p>{t(terms.conduct)}</p>
      </LegalSection>

      <LegalSection id="terms-source" title={t(terms.sourceTitle)}>
        <p>
          {richText(t, terms.source, {
            sourceCode: <a href={SOURCE_REPOSITORY_URL}>{t(terms.sourceCodeLink)}</a>,
          })}
        </p>
      </LegalSection>

      <LegalSection id="terms-contact" title={t(terms.contactTitle)}>
        <p>
          {richText(t, terms.contact, {
            privacyNotice: <Link to={PATHS.privacy}>{t(terms.privacyNoticeLink)}</Link>,
          })}
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
