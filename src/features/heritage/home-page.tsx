// Home: static introduction to the platform and the kingdom (product-spec section 1), linking to every part.
import { Link } from '@tanstack/react-router';
import { CONTRIBUTION_LICENCE, KINGDOM_FIGURES } from '../../../core/constants.ts';
import { PATHS, SOURCE_REPOSITORY_URL } from '../../app/paths.ts';
import { ordinal } from './draft-marker.tsx';
import { HeritageIcon } from './heritage-icons.tsx';
import { KingdomStats } from './kingdom-stats.tsx';
import './heritage.css';

const FEATURES = [
  {
    to: PATHS.about,
    icon: 'governance',
    title: 'Kingdom overview',
    text: 'Heritage, location and governance of the kingdom, and how its generations hand on power.',
  },
  {
    to: PATHS.villages,
    icon: 'village',
    title: 'Seven villages',
    text: 'The villages of the kingdom, with what is known about each and what still awaits the community.',
  },
  {
    to: PATHS.culture,
    icon: 'ceremony',
    title: 'Culture and traditions',
    text: 'The generation system, traditional governance, dances and the values behind them.',
  },
  {
    to: PATHS.history,
    icon: 'history',
    title: 'History',
    text: 'A timeline of events, from oral history to the handover of 2022.',
  },
  {
    to: PATHS.chat,
    icon: 'chat',
    title: 'Translate English and Lopit',
    text: 'Ask the translator for a word or phrase and listen to how it is spoken.',
  },
  {
    to: PATHS.consent,
    icon: 'consent',
    title: 'Contribute your voice',
    text: 'Give recordings and translations to train open language models for the Lopit community, with your consent.',
  },
] as const;

export function HomePage() {
  const { generation, yearCycle, transitionDate, nextTransition } = KINGDOM_FIGURES;
  return (
    <div className="page">
      <header className="page-header">
        <h1>Preserving the Lopit language and heritage</h1>
        <p className="heritage-lead">
          A community platform for the Lopit people of South Sudan and for everyone who wants to learn about
          their kingdom: its villages, traditions and history, a translator between English and Lopit, and a
          place to contribute recordings and translations for open Lopit language technology.
        </p>
        <div className="heritage-actions">
          <Link to={PATHS.about} className="btn btn-primary">
            Explore the kingdom
          </Link>
          <Link to={PATHS.chat} className="btn">
            Try the translator
          </Link>
        </div>
      </header>

      <KingdomStats headingId="home-figures" />

      <section className="heritage-section card heritage-note" aria-labelledby="home-transition">
        <h2 id="home-transition">The {transitionDate} transition</h2>
        <p>
          On {transitionDate} the {ordinal(generation)} generation took power for {yearCycle} years. Its term
          runs until {nextTransition}, when the next generation is expected to take over.
        </p>
        <p>
          <Link to={PATHS.history}>Read the history timeline</Link>
        </p>
      </section>

      <section className="heritage-section" aria-labelledby="home-explore">
        <h2 id="home-explore">Explore</h2>
        <ul className="grid heritage-list">
          {FEATURES.map((feature) => (
            <li key={feature.to}>
              <Link to={feature.to} className="card card-link">
                <HeritageIcon name={feature.icon} />
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="heritage-section" aria-labelledby="home-open">
        <h2 id="home-open">Open and community-owned</h2>
        <p>
          Contributions are shared under {CONTRIBUTION_LICENCE} for non-commercial community use, and consent
          can be withdrawn at any time. The heritage pages are drafts until the community&apos;s editors
          confirm them; anything not yet known is marked as awaiting community review.
        </p>
        <p>
          <a href={SOURCE_REPOSITORY_URL}>Source code of this platform (external site)</a>
        </p>
      </section>
    </div>
  );
}
