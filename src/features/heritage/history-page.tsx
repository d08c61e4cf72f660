// History (/history): a timeline of events with year and type badges; an event opens a detail modal.
import { useState } from 'react';
import { loadHistory } from '../../../core/heritage/content.ts';
import type { HistoryEvent, HistoryEventType } from '../../../core/heritage/schema.ts';
import { Modal } from '../../components/modal.tsx';
import { AwaitingReview, KnownOr, SourcesList, StatusBadge } from './draft-marker.tsx';
import './heritage.css';

const TYPE_LABELS: Record<HistoryEventType, string> = {
  governance: 'Governance',
  conflict: 'Conflict',
  ceremony: 'Ceremony',
  documentation: 'Documentation',
};

function YearBadge({ event }: { event: HistoryEvent }) {
  if (event.year === null) return <AwaitingReview>Year awaiting review</AwaitingReview>;
  return <span className="badge badge-year">{event.year}</span>;
}

function TypeBadge({ event }: { event: HistoryEvent }) {
  if (event.type === null) return <AwaitingReview>Type awaiting review</AwaitingReview>;
  return <span className="badge">Type: {TYPE_LABELS[event.type]}</span>;
}

function EventDetails({ event }: { event: HistoryEvent }) {
  return (
    <>
      <div className="badge-row">
        <YearBadge event={event} />
        <TypeBadge event={event} />
        <StatusBadge status={event.status} />
      </div>
      <dl className="facts">
        <dt>Date</dt>
        <dd>{event.date ?? <KnownOr value={event.year} />}</dd>
        <dt>Type</dt>
        <dd>
          <KnownOr value={event.type} render={(type) => TYPE_LABELS[type]} />
        </dd>
      </dl>
      <p>
        <KnownOr value={event.description} />
      </p>
      <h3>Details</h3>
      {event.details.length > 0 ? (
        <ul>
          {event.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : (
        <p>
          <AwaitingReview>Details awaiting community review</AwaitingReview>
        </p>
      )}
      <SourcesList sources={event.sources} />
    </>
  );
}

export function HistoryPage() {
  const events = loadHistory();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = events.find((e) => e.id === selectedId);

  return (
    <div className="page">
      <header className="page-header">
        <h1>History</h1>
        <p>Events in the life of the kingdom and its language. Choose an event to read its details.</p>
      </header>

      <section className="heritage-section" aria-labelledby="history-timeline">
        <h2 id="history-timeline">Timeline</h2>
        <ol className="timeline">
          {events.map((event) => (
            <li key={event.id} className="timeline-item">
              <button
                type="button"
                className="card card-button timeline-button"
                onClick={() => setSelectedId(event.id)}
                aria-haspopup="dialog"
              >
                <span className="badge-row">
                  <YearBadge event={event} />
                  <TypeBadge event={event} />
                  <StatusBadge status={event.status} />
                </span>
                <span className="timeline-title">{event.title}</span>
                {event.description && <span className="timeline-summary">{event.description}</span>}
              </button>
            </li>
          ))}
        </ol>
      </section>

      <Modal open={selected !== undefined} title={selected?.title ?? ''} onClose={() => setSelectedId(null)}>
        {selected && <EventDetails event={selected} />}
      </Modal>
    </div>
  );
}
