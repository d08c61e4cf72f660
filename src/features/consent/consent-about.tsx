// What the consent page explains (why we ask, how data is used, the contributor's rights) and the signed
// consent documents; text only, no state.
import { consent } from '../../../core/i18n/messages/consent.ts';
import { DOCS } from '../../app/paths.ts';
import { useT } from '../../i18n/i18n.tsx';

export function AboutConsent() {
  const t = useT();
  return (
    <section className="card" aria-labelledby="consent-about-heading">
      <h2 id="consent-about-heading">{t(consent.aboutTitle)}</h2>
      <h3>{t(consent.whyTitle)}</h3>
      <p>{t(consent.whyText)}</p>
      <h3>{t(consent.useTitle)}</h3>
      <p>{t(consent.useText)}</p>
      <h3>{t(consent.rightsTitle)}</h3>
      <p>{t(consent.rightsText)}</p>
    </section>
  );
}

export function ConsentDocuments() {
  const t = useT();
  return (
    <nav aria-label={t(consent.documentsLabel)} className="card">
      <h2>{t(consent.documents)}</h2>
      <ul>
        <li>
          <a href={DOCS.consentFormEnglish}>{t(consent.formEnglish)}</a>
        </li>
        <li>
          <a href={DOCS.consentFormLopit}>{t(consent.formLopit)}</a>
        </li>
        <li>
          <a href={DOCS.dataUsePolicy}>{t(consent.dataUsePolicy)}</a>
        </li>
      </ul>
    </nav>
  );
}
