// Terms of use (/terms): the rules for using this community platform and contributing to it.
import { Link } from '@tanstack/react-router';
import { CONTRIBUTION_LICENCE } from '../../../core/constants.ts';
import { PATHS, SOURCE_REPOSITORY_URL } from '../../app/paths.ts';
import { LICENCE_URL, LegalLayout, LegalSection } from './legal-layout.tsx';

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of use"
      lead="The rules for using the Lopit community platform and for contributing recordings and translations to it."
    >
      <LegalSection id="terms-platform" title="About this platform">
        <p>
          This platform preserves the Lopit language and the heritage of the Lopit kingdom. It is run by and
          for the community: community admins look after accounts and content. Anyone may read the public
          pages and use the translator; contributing requires an account.
        </p>
      </LegalSection>

      <LegalSection id="terms-account" title="Your account">
        <ul>
          <li>Give your own name and an email address you use. One account per person.</li>
          <li>
            Keep your password to yourself. If you forget it, a community admin can give you a reset link.
          </li>
          <li>You are responsible for what is contributed through your account.</li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-contributions" title="Your contributions and their licence">
        <p>
          Recordings and translations you contribute are shared under the Creative Commons{' '}
          <a href={LICENCE_URL}>
            Attribution-NonCommercial 4.0 International licence ({CONTRIBUTION_LICENCE})
          </a>
          , for non-commercial community use. The community uses them to build dictionaries and to train open
          language models for Lopit: speech recognition, speech synthesis and machine translation.
        </p>
        <ul>
          <li>
            Contribute only what you have the right to share: your own voice and your own translations, or
            recordings of other people made with their permission.
          </li>
          <li>Contributions are never sold and never used commercially.</li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-consent" title="Consent, and withdrawing it">
        <p>
          Nothing you record or translate is used before you give consent on the{' '}
          <Link to={PATHS.consent}>consent page</Link>, where you choose audio recordings, translations, or
          both. You can withdraw consent at any time. From then on your withdrawn contributions are excluded
          from data exports and from training.
        </p>
        <p>
          Copies that others received under the licence before you withdrew, for example in an earlier export,
          are outside the platform&apos;s control and cannot be recalled.
        </p>
      </LegalSection>

      <LegalSection id="terms-content" title="Heritage content and translations">
        <ul>
          <li>
            The heritage pages are drafts until the community&apos;s editors confirm them. Anything not yet
            known is marked as awaiting community review. Please tell a community admin about mistakes.
          </li>
          <li>
            Machine translations and synthesised speech can be wrong. Do not rely on them where a mistake
            could cause harm; ask a fluent speaker.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="terms-conduct" title="Respectful use">
        <p>
          Treat the community, its elders and its knowledge with respect. Do not upload content that is not
          yours to share, that is hateful or that exposes someone&apos;s private life, and do not try to
          overload or break into the platform. Community admins may remove such content.
        </p>
      </LegalSection>

      <LegalSection id="terms-source" title="Open source">
        <p>
          The platform&apos;s software is free software under the GNU Affero General Public License, version 3
          or later. <a href={SOURCE_REPOSITORY_URL}>Its source code</a> is public.
        </p>
      </LegalSection>

      <LegalSection id="terms-contact" title="Changes and contact">
        <p>
          These terms may change as the community decides; the current text is always on this page. For
          questions, contact a community admin. How your data is handled is described in the{' '}
          <Link to={PATHS.privacy}>privacy notice</Link>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
