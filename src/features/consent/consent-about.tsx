// What the consent page explains (why we ask, how data is used, the contributor's rights) and the signed
// consent documents; text only, no state.
import { DOCS } from '../../app/paths.ts';

export function AboutConsent() {
  return (
    <section className="card" aria-labelledby="consent-about-heading">
      <h2 id="consent-about-heading">About your consent</h2>
      <h3>Why we ask</h3>
      <p>
        No speech or translation technology exists for Lopit yet. Your voice and translations are how it comes
        to exist, and they are yours: we use them only with your permission.
      </p>
      <h3>How your data is used</h3>
      <p>
        Contributions train open models (speech recognition, text-to-speech, translation) for the Lopit
        community. They are shared under CC-BY-NC-4.0 for non-commercial community use, and never sold.
      </p>
      <h3>Your rights</h3>
      <p>
        You can withdraw consent at any time. After you withdraw, your contributions are left out of every
        dataset export and every model trained from then on.
      </p>
    </section>
  );
}

export function ConsentDocuments() {
  return (
    <nav aria-label="Consent documents" className="card">
      <h2>Documents</h2>
      <ul>
        <li>
          <a href={DOCS.consentFormEnglish}>English consent form (PDF)</a>
        </li>
        <li>
          <a href={DOCS.consentFormLopit}>Lopit consent form (PDF)</a>
        </li>
        <li>
          <a href={DOCS.dataUsePolicy}>Data Use Policy (PDF)</a>
        </li>
      </ul>
    </nav>
  );
}
