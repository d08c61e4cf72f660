// Culture and Traditions (/culture): the recent transition, an accordion of topics (one open at most), core values.
import { heritage } from '../../../core/i18n/messages/heritage.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useId, useState } from 'react';
import { loadCulture } from '../../../core/heritage/content.ts';
import type { CultureTopic, RecentTransition } from '../../../core/heritage/schema.ts';
import { nextOpenSection } from './accordion-state.ts';
import { AwaitingReview, KnownOr, SourcesList, StatusBadge } from './draft-marker.tsx';
import { HeritageIcon } from './heritage-icons.tsx';
import './heritage.css';

function TransitionSummary({ transition }: { transition: RecentTransition }) {
  const t = useT();
  return (
    <section className="heritage-section card heritage-note" aria-labelledby="culture-transition">
      <div className="badge-row">
        <h2 id="culture-transition">{t(heritage.recentTransition)}</h2>
        <StatusBadge status={transition.status} />
      </div>
      <dl className="facts">
        <dt>{t(heritage.date)}</dt>
        <dd lang="en">{transition.date}</dd>
        <dt>{t(heritage.generation)}</dt>
        <dd>{t(heritage.generationValue, { n: transition.generationNumber })}</dd>
        <dt>{t(heritage.newGenerationName)}</dt>
        <dd>
          <KnownOr value={transition.newGeneration} />
        </dd>
        <dt>{t(heritage.term)}</dt>
        <dd>
          {t(heritage.termValue, {
            start: transition.termStart,
            end: transition.termEnd,
            years: transition.termEnd - transition.termStart,
          })}
        </dd>
        <dt>{t(heritage.location)}</dt>
        <dd>
          <KnownOr value={transition.location} />
        </dd>
        <dt>{t(heritage.attendees)}</dt>
        <dd>
          <KnownOr value={transition.attendees} />
        </dd>
      </dl>
      <SourcesList sources={transition.sources} />
    </section>
  );
}

interface AccordionItemProps {
  topic: CultureTopic;
  open: boolean;
  onToggle: () => void;
  idPrefix: string;
}

function AccordionItem({ topic, open, onToggle, idPrefix }: AccordionItemProps) {
  const t = useT();
  const buttonId = `${idPrefix}-${topic.id}-button`;
  const panelId = `${idPrefix}-${topic.id}-panel`;
  return (
    <div className="card accordion-item">
      <h3>
        <button
          type="button"
          id={buttonId}
          className="accordion-trigger"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <HeritageIcon name={topic.icon} />
          <span className="accordion-title" lang="en">
            {topic.title}
          </span>
          <span className="accordion-state">{t(open ? heritage.hide : heritage.show)}</span>
          <HeritageIcon name="chevron" className="accordion-chevron" />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion-panel" hidden={!open}>
        <div className="badge-row">
          <StatusBadge status={topic.status} />
        </div>
        <p>
          <KnownOr value={topic.description} />
        </p>
        {topic.details.length > 0 ? (
          <ul>
            {topic.details.map((detail) => (
              <li key={detail} lang="en">
                {detail}
              </li>
            ))}
          </ul>
        ) : (
          <p>
            <AwaitingReview>{t(heritage.detailsAwaiting)}</AwaitingReview>
          </p>
        )}
        <SourcesList sources={topic.sources} />
      </div>
    </div>
  );
}

export function CulturePage() {
  const t = useT();
  const { recentTransition, topics, coreValues } = loadCulture();
  const [openId, setOpenId] = useState<string | null>(null);
  const idPrefix = useId().replace(/:/g, '');

  return (
    <div className="page">
      <header className="page-header">
        <h1>{t(heritage.cultureTitle)}</h1>
        <p>{t(heritage.cultureLead)}</p>
      </header>

      <TransitionSummary transition={recentTransition} />

      <section className="heritage-section" aria-labelledby="culture-topics">
        <h2 id="culture-topics">{t(heritage.traditions)}</h2>
        <div className="accordion">
          {topics.map((topic) => (
            <AccordionItem
              key={topic.id}
              topic={topic}
              idPrefix={idPrefix}
              open={openId === topic.id}
              onToggle={() => setOpenId((current) => nextOpenSection(current, topic.id))}
            />
          ))}
        </div>
      </section>

      <section className="heritage-section" aria-labelledby="culture-values">
        <h2 id="culture-values">{t(heritage.coreValues)}</h2>
        <ul className="grid heritage-list">
          {coreValues.map((value) => (
            <li key={value.id} className="card">
              <h3 lang="en">{value.title}</h3>
              <p>
                <KnownOr value={value.description} />
              </p>
              <div className="badge-row">
                <StatusBadge status={value.status} />
              </div>
              <SourcesList sources={value.sources} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
