// Kingdom overview (/about): hero, the four kingdom figures and the sections of about.json.
import { loadAbout } from '../../../core/heritage/content.ts';
import { AwaitingReview, SourcesList, StatusBadge } from './draft-marker.tsx';
import { KingdomStats } from './kingdom-stats.tsx';
import './heritage.css';

export function AboutPage() {
  const { hero, sections } = loadAbout();
  return (
    <div className="page">
      <header className="page-header">
        <h1 lang="en">{hero.title}</h1>
        <p className="heritage-lead" lang="en">
          {hero.lead}
        </p>
      </header>

      <KingdomStats headingId="about-figures" />

      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          className="heritage-section card"
          aria-labelledby={`${section.id}-heading`}
        >
          <div className="badge-row">
            <h2 id={`${section.id}-heading`} lang="en">
              {section.title}
            </h2>
            <StatusBadge status={section.status} />
          </div>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} lang="en">
              {paragraph}
            </p>
          ))}
          {section.awaiting.length > 0 && (
            <div className="awaiting">
              <AwaitingReview />
              <ul>
                {section.awaiting.map((item) => (
                  <li key={item} lang="en">
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <SourcesList sources={section.sources} />
        </section>
      ))}
    </div>
  );
}
