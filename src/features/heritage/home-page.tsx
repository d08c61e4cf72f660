// Home: static introduction to the platform and the kingdom (product-spec section 1), linking to every part.
import { home } from '../../../core/i18n/messages/home.ts';
import { useT } from '../../i18n/i18n.tsx';
import { Link } from '@tanstack/react-router';
import { CONTRIBUTION_LICENCE, KINGDOM_FIGURES } from '../../../core/constants.ts';
import { PATHS, SOURCE_REPOSITORY_URL } from '../../app/paths.ts';
import { HeritageIcon } from './heritage-icons.tsx';
import { KingdomStats } from './kingdom-stats.tsx';
import './heritage.css';

const FEATURES = [
  { to: PATHS.about, icon: 'governance', title: home.aboutTitle, text: home.aboutText },
  { to: PATHS.villages, icon: 'village', title: home.villagesTitle, text: home.villagesText },
  { to: PATHS.culture, icon: 'ceremony', title: home.cultureTitle, text: home.cultureText },
  { to: PATHS.history, icon: 'history', title: home.historyTitle, text: home.historyText },
  { to: PATHS.chat, icon: 'chat', title: home.chatTitle, text: home.chatText },
  { to: PATHS.consent, icon: 'consent', title: home.consentTitle, text: home.consentText },
] as const;

export function HomePage() {
  const t = useT();
  const { generation, yearCycle, transitionDate, nextTransition } = KINGDOM_FIGURES;
  return (
    <div className="page">
      <header className="page-header">
        <h1>{t(home.title)}</h1>
        <p className="heritage-lead">{t(home.lead)}</p>
        <div className="heritage-actions">
          <Link to={PATHS.about} className="btn btn-primary">
            {t(home.explore)}
          </Link>
          <Link to={PATHS.chat} className="btn">
            {t(home.tryTranslator)}
          </Link>
        </div>
      </header>

      <KingdomStats headingId="home-figures" />

      <section className="heritage-section card heritage-note" aria-labelledby="home-transition">
        <h2 id="home-transition">{t(home.transitionTitle, { date: transitionDate })}</h2>
        <p>
          {t(home.transitionText, {
            date: transitionDate,
            generation,
            years: yearCycle,
            next: nextTransition,
          })}
        </p>
        <p>
          <Link to={PATHS.history}>{t(home.readHistory)}</Link>
        </p>
      </section>

      <section className="heritage-section" aria-labelledby="home-explore">
        <h2 id="home-explore">{t(home.exploreHeading)}</h2>
        <ul className="grid heritage-list">
          {FEATURES.map((feature) => (
            <li key={feature.to}>
              <Link to={feature.to} className="card card-link">
                <HeritageIcon name={feature.icon} />
                <h3>{t(feature.title)}</h3>
                <p>{t(feature.text)}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="heritage-section" aria-labelledby="home-open">
        <h2 id="home-open">{t(home.openTitle)}</h2>
        <p>{t(home.openText, { licence: CONTRIBUTION_LICENCE })}</p>
        <p>
          <a href={SOURCE_REPOSITORY_URL}>{t(home.source)}</a>
        </p>
      </section>
    </div>
  );
}
