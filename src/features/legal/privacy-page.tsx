// Privacy notice (/privacy): what this platform stores, why, and the contributor's rights.
import { Link } from '@tanstack/react-router';
import { CHAT_SESSION_HISTORY_MESSAGES, CONTRIBUTION_LICENCE } from '../../../core/constants.ts';
import { PATHS } from '../../app/paths.ts';
import { LegalLayout, LegalSection } from './legal-layout.tsx';

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy notice"
      lead="What the Lopit community platform stores about you, why, and what you can do about it."
    >
      <LegalSection id="privacy-who" title="Who looks after your data">
        <p>
          The community that runs this installation of the platform, through its community admins. Your data
          is kept on the server the community runs for this platform.
        </p>
      </LegalSection>

      <LegalSection id="privacy-stored" title="What is stored">
        <ul>
          <li>
            <strong>Your account:</strong> your name, your email address and your role (contributor or admin).
          </li>
          <li>
            <strong>Your password, hashed:</strong> only a salted scrypt hash is kept, never the password
            itself. Sign-in tokens and password-reset links are also stored only as hashes; tokens expire
            after 30 days or when you sign out.
          </li>
          <li>
            <strong>Recordings:</strong> the audio you upload or record, with its file name, length, speaker
            identifier and upload time.
          </li>
          <li>
            <strong>Translations:</strong> the translations you add or edit, linked to your account.
          </li>
          <li>
            <strong>The consent ledger:</strong> each time you give or withdraw consent, what it covered and
            when, so that the platform can prove which contributions may be used.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-browser" title="What stays in your browser">
        <ul>
          <li>
            Your sign-in token and name, kept in the browser&apos;s storage (only for the session if you sign
            in without &ldquo;Remember me&rdquo;). Signing out removes them.
          </li>
          <li>Your theme choice (dark or light).</li>
          <li>
            The chat conversation: the last {CHAT_SESSION_HISTORY_MESSAGES} messages, kept only until the tab
            is closed or you sign out.
          </li>
        </ul>
        <p>
          Text you give the translator or the speech player is sent to the platform&apos;s server to produce
          the answer. Your network address is used briefly to limit repeated requests, such as sign-in
          attempts. The site loads no advertising, trackers or outside scripts.
        </p>
      </LegalSection>

      <LegalSection id="privacy-use" title="How it is used">
        <ul>
          <li>To run your account and show you your contributions.</li>
          <li>
            With your consent, to train open language models for Lopit and to publish datasets under{' '}
            {CONTRIBUTION_LICENCE} for non-commercial community use.
          </li>
          <li>Your data is never sold and never used for advertising or any commercial purpose.</li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-rights" title="Your rights">
        <ul>
          <li>
            <strong>Withdraw consent at any time</strong> on the <Link to={PATHS.consent}>consent page</Link>.
            Withdrawn contributions are excluded from exports and from training from then on.
          </li>
          <li>
            See and correct your name and password on your <Link to={PATHS.profile}>profile</Link>.
          </li>
          <li>
            Ask for a copy of your data, or for your account and contributions to be deleted, by contacting a
            community admin.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy-contact" title="Contact">
        <p>
          Questions or requests about your data go to a community admin of this platform. The rules for
          contributing are in the <Link to={PATHS.terms}>terms of use</Link>.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
