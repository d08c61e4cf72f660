// Culture and Traditions (/culture): the recent transition, an accordion of topics (one open at most), core values.
import { useId, useState } from 'react';
import { loadCulture } from '../../../core/heritage/content.ts';
import type { CultureTopic, RecentTransition } from '../../../core/heritage/schema.ts';
import { nextOpenSection } from './accordion-state.ts';
import { AwaitingReview, KnownOr, SourcesList, StatusBadge, ordinal } from './draft-marker.tsx';
import { HeritageIcon } from './heritage-icons.tsx';
import './heritage.css';

function TransitionSummary({ transition }: { transition: RecentTransition }) {
  return (
    <section className="heritage-section card heritage-note" aria-labelledby="culture-transition">
      <div className="badge-row">
        <h2 id="culture-transition">The recent transition</h2>
        <StatusBadge status={transition.status} />
      </div>
      <dl className="facts">
        <dt>Date</dt>
        <dd>{transition.date}</dd>
        <dt>Generation</dt>
        <dd>{ordinal(transition.generationNumber)} generation</dd>
        <dt>Name of the new generation</dt>
        <dd>
          <KnownOr value={transition.newGeneration} />
        </dd>
        <dt>Term</dt>
        <dd>
          {transition.termStart} to {transition.termEnd} ({transition.termEnd - transition.termStart} years)
        </dd>
        <dt>Location</dt>
        <dd>
          <KnownOr value={transition.location} />
        </dd>
        <dt>Attendees</dt>
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
          <span className="accordion-title">{topic.title}</span>
          <span className="accordion-state">{open ? 'Hide' : 'Show'}</span>
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
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        ) : (
          <p>
            <AwaitingReview>Details awaiting community review</AwaitingReview>
          </p>
        )}
        <SourcesList sources={topic.sources} />
      </div>
    </div>
  );
}

export function CulturePage() {
  const { recentTransition, topics, coreValues } = loadCulture();
  const [openId, setOpenId] = useState<string | null>(null);
  const idPrefix = useId().replace(/:/g, '');

  return (
    <div className="page">
      <header className="page-header">
        <h1>Culture and Traditions</h1>
        <p>
          How the kingdom is governed, how generations hand on power, and what the community keeps together.
        </p>
      </header>

      <TransitionSummary transition={recentTransition} />

      <section className="heritage-section" aria-labelledby="culture-topics">
        <h2 id="culture-topics">Traditions</h2>
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
        <h2 id="culture-values">Core values</h2>
        <ul className="grid heritage-list">
          {coreValues.map((value) => (
            <li key={value.id} className="card">
              <h3>{value.title}</h3>
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
