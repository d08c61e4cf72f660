// The terms of use (/terms) and the privacy notice (/privacy): one message per heading, paragraph and list
// item. Legal prose: translators keep its meaning exactly; a {placeholder} is a link or a bold label whose text
// is its own message (listed right after it).
import { defineMessages } from '../define.ts';

export const terms = defineMessages('terms', {
  title: { message: 'Terms of use', note: 'Terms of use: heading of the page' },
  lead: {
    message:
      'The rules for using the Lopit community platform and for contributing recordings and translations to it.',
    note: 'Terms of use: introduction under the heading',
  },
  platformTitle: { message: 'About this platform', note: 'Terms of use: section heading' },
  platform: {
    message:
      'This platform preserves the Lopit language and the heritage of the Lopit kingdom. It is run by and for the community: community admins look after accounts and content. Anyone may read the public pages and use the translator; contributing requires an account.',
    note: 'Terms of use, “About this platform”: paragraph',
  },
  accountTitle: { message: 'Your account', note: 'Terms of use: section heading' },
  accountOwn: {
    message: 'Give your own name and an email address you use. One account per person.',
    note: 'Terms of use, “Your account”: list item',
  },
  accountPassword: {
    message: 'Keep your password to yourself. If you forget it, a community admin can give you a reset link.',
    note: 'Terms of use, “Your account”: list item',
  },
  accountResponsible: {
    message: 'You are responsible for what is contributed through your account.',
    note: 'Terms of use, “Your account”: list item',
  },
  contributionsTitle: {
    message: 'Your contributions and their licence',
    note: 'Terms of use: section heading',
  },
  contributions: {
    message:
      'Recordings and translations you contribute are shared under the Creative Commons {licence}, for non-commercial community use. The community uses them to build dictionaries and to train open language models for Lopit: speech recognition, speech synthesis and machine translation.',
    note: 'Terms of use, “Your contributions”: paragraph; {licence} is a link to the licence whose text is the next message',
  },
  licenceLink: {
    message: 'Attribution-NonCommercial 4.0 International licence ({code})',
    note: 'Terms of use: text of the link to the licence inside the previous paragraph; {code} is the licence’s short name (CC BY-NC 4.0), not translated',
  },
  contributionsRight: {
    message:
      'Contribute only what you have the right to share: your own voice and your own translations, or recordings of other people made with their permission.',
    note: 'Terms of use, “Your contributions”: list item',
  },
  contributionsNeverSold: {
    message: 'Contributions are never sold and never used commercially.',
    note: 'Terms of use, “Your contributions”: list item',
  },
  consentTitle: { message: 'Consent, and withdrawing it', note: 'Terms of use: section heading' },
  consent: {
    message:
      'Nothing you record or translate is used before you give consent on the {consentPage}, where you choose audio recordings, translations, or both. You can withdraw consent at any time. From then on your withdrawn contributions are excluded from data exports and from training.',
    note: 'Terms of use, “Consent”: paragraph; {consentPage} is a link whose text is the next message',
  },
  consentPageLink: {
    message: 'consent page',
    note: 'Terms of use: text of the link to the consent page inside the previous paragraph',
  },
  consentCopies: {
    message:
      "Copies that others received under the licence before you withdrew, for example in an earlier export, are outside the platform's control and cannot be recalled.",
    note: 'Terms of use, “Consent”: second paragraph',
  },
  contentTitle: { message: 'Heritage content and translations', note: 'Terms of use: section heading' },
  contentDrafts: {
    message:
      "The heritage pages are drafts until the community's editors confirm them. Anything not yet known is marked as awaiting community review. Please tell a community admin about mistakes.",
    note: 'Terms of use, “Heritage content”: list item',
  },
  contentMachine: {
    message:
      'Machine translations and synthesised speech can be wrong. Do not rely on them where a mistake could cause harm; ask a fluent speaker.',
    note: 'Terms of use, “Heritage content”: list item',
  },
  conductTitle: { message: 'Respectful use', note: 'Terms of use: section heading' },
  conduct: {
    message:
      "Treat the community, its elders and its knowledge with respect. Do not upload content that is not yours to share, that is hateful or that exposes someone's private life, and do not try to overload or break into the platform. Community admins may remove such content.",
    note: 'Terms of use, “Respectful use”: paragraph',
  },
  sourceTitle: { message: 'Open source', note: 'Terms of use: section heading' },
  source: {
    message:
      "The platform's software is free software under the GNU Affero General Public License, version 3 or later. {sourceCode} is public.",
    note: 'Terms of use, “Open source”: paragraph; keep the licence’s name in English; {sourceCode} is a link to the code whose text is the next message',
  },
  sourceCodeLink: {
    message: 'Its source code',
    note: 'Terms of use: text of the link to the source code, at the start of a sentence in the previous paragraph',
  },
  contactTitle: { message: 'Changes and contact', note: 'Terms of use: section heading' },
  contact: {
    message:
      'These terms may change as the community decides; the current text is always on this page. For questions, contact a community admin. How your data is handled is described in the {privacyNotice}.',
    note: 'Terms of use, “Changes and contact”: paragraph; {privacyNotice} is a link whose text is the next message',
  },
  privacyNoticeLink: {
    message: 'privacy notice',
    note: 'Terms of use: text of the link to the privacy notice inside the previous paragraph',
  },
});

export const privacy = defineMessages('privacy', {
  title: { message: 'Privacy notice', note: 'Privacy notice: heading of the page' },
  lead: {
    message: 'What the Lopit community platform stores about you, why, and what you can do about it.',
    note: 'Privacy notice: introduction under the heading',
  },
  whoTitle: { message: 'Who looks after your data', note: 'Privacy notice: section heading' },
  who: {
    message:
      'The community that runs this installation of the platform, through its community admins. Your data is kept on the server the community runs for this platform.',
    note: 'Privacy notice, “Who looks after your data”: paragraph',
  },
  storedTitle: { message: 'What is stored', note: 'Privacy notice: section heading' },
  storedAccount: {
    message: '{label} your name, your email address and your role (contributor or admin).',
    note: 'Privacy notice, “What is stored”: list item; {label} is the bold start of the item, the next message',
  },
  storedAccountLabel: {
    message: 'Your account:',
    note: 'Privacy notice: bold start of the previous list item',
  },
  storedPassword: {
    message:
      '{label} only a salted scrypt hash is kept, never the password itself. Sign-in tokens and password-reset links are also stored only as hashes; tokens expire after {days} days or when you sign out.',
    note: 'Privacy notice, “What is stored”: list item; {label} is the bold start of the item, the next message; “scrypt” is a name',
  },
  storedPasswordLabel: {
    message: 'Your password, hashed:',
    note: 'Privacy notice: bold start of the previous list item',
  },
  storedRecordings: {
    message:
      '{label} the audio you upload or record, with its file name, length, speaker identifier and upload time.',
    note: 'Privacy notice, “What is stored”: list item; {label} is the bold start of the item, the next message',
  },
  storedRecordingsLabel: {
    message: 'Recordings:',
    note: 'Privacy notice: bold start of the previous list item',
  },
  storedTranslations: {
    message: '{label} the translations you add or edit, linked to your account.',
    note: 'Privacy notice, “What is stored”: list item; {label} is the bold start of the item, the next message',
  },
  storedTranslationsLabel: {
    message: 'Translations:',
    note: 'Privacy notice: bold start of the previous list item',
  },
  storedLedger: {
    message:
      '{label} each time you give or withdraw consent, what it covered and when, so that the platform can prove which contributions may be used.',
    note: 'Privacy notice, “What is stored”: list item; {label} is the bold start of the item, the next message',
  },
  storedLedgerLabel: {
    message: 'The consent ledger:',
    note: 'Privacy notice: bold start of the previous list item',
  },
  browserTitle: { message: 'What stays in your browser', note: 'Privacy notice: section heading' },
  browserToken: {
    message:
      "Your sign-in token and name, kept in the browser's storage (only for the session if you sign in without “Remember me”). Signing out removes them.",
    note: 'Privacy notice, “What stays in your browser”: list item; “Remember me” is the checkbox of the sign-in page',
  },
  browserTheme: {
    message: 'Your theme choice (dark or light).',
    note: 'Privacy notice, “What stays in your browser”: list item',
  },
  browserChat: {
    message:
      'The chat conversation: the last {count, plural, one {# message} other {# messages}}, kept only until the tab is closed or you sign out.',
    note: 'Privacy notice, “What stays in your browser”: list item; {count} is how many chat messages are kept',
  },
  browserServer: {
    message:
      "Text you give the translator or the speech player is sent to the platform's server to produce the answer. Your network address is used briefly to limit repeated requests, such as sign-in attempts. The site loads no advertising, trackers or outside scripts.",
    note: 'Privacy notice, “What stays in your browser”: paragraph after the list',
  },
  useTitle: { message: 'How it is used', note: 'Privacy notice: section heading' },
  useAccount: {
    message: 'To run your account and show you your contributions.',
    note: 'Privacy notice, “How it is used”: list item',
  },
  useTraining: {
    message:
      'With your consent, to train open language models for Lopit and to publish datasets under {licence} for non-commercial community use.',
    note: 'Privacy notice, “How it is used”: list item; {licence} is the licence’s short name (CC BY-NC 4.0), not translated',
  },
  useNeverSold: {
    message: 'Your data is never sold and never used for advertising or any commercial purpose.',
    note: 'Privacy notice, “How it is used”: list item',
  },
  rightsTitle: { message: 'Your rights', note: 'Privacy notice: section heading' },
  rightsWithdraw: {
    message:
      '{label} on the {consentPage}. Withdrawn contributions are excluded from exports and from training from then on.',
    note: 'Privacy notice, “Your rights”: list item; {label} is its bold start (the next message), {consentPage} a link (the message after it)',
  },
  rightsWithdrawLabel: {
    message: 'Withdraw consent at any time',
    note: 'Privacy notice: bold start of the previous list item',
  },
  consentPageLink: {
    message: 'consent page',
    note: 'Privacy notice: text of the link to the consent page in the “Withdraw consent” list item',
  },
  rightsCorrect: {
    message: 'See and correct your name and password on your {profile}.',
    note: 'Privacy notice, “Your rights”: list item; {profile} is a link whose text is the next message',
  },
  profileLink: {
    message: 'profile',
    note: 'Privacy notice: text of the link to the profile page in the previous list item',
  },
  rightsCopy: {
    message:
      'Ask for a copy of your data, or for your account and contributions to be deleted, by contacting a community admin.',
    note: 'Privacy notice, “Your rights”: list item',
  },
  contactTitle: { message: 'Contact', note: 'Privacy notice: section heading' },
  contact: {
    message:
      'Questions or requests about your data go to a community admin of this platform. The rules for contributing are in the {terms}.',
    note: 'Privacy notice, “Contact”: paragraph; {terms} is a link whose text is the next message',
  },
  termsLink: {
    message: 'terms of use',
    note: 'Privacy notice: text of the link to the terms of use in the previous paragraph',
  },
});
