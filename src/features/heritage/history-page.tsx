// History (/history): a timeline of events with year and type badges; an event opens a detail modal.
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { heritage } from '../../../core/i18n/messages/heritage.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useState } from 'react';
import { loadHistory } from '../../../core/heritage/content.ts';
import type { HistoryEvent, HistoryEventType } from '../../../core/heritage/schema.ts';
import { Modal } from '../../components/modal.tsx';
import { AwaitingReview, KnownOr, SourcesList, StatusBadge } from './draft-marker.tsx';
import './heritage.css';

const TYPE_LABELS: Record<HistoryEventType, MessageDescriptor> = {
  governance: heritage.typeGovernance,
  conflict: heritage.typeConflict,
  ceremony: heritage.typeCeremony,
  documentation: heritage.typeDocumentation,
};

function YearBadge({ event }: { event: HistoryEvent }) {
  const t = useT();
  if (event.year === null) return <AwaitingReview>{t(heritage.yearAwaiting)}</AwaitingReview>;
  return <span className="badge badge-year">{event.year}</span>;
}

function TypeBadge({ event }: { event: HistoryEvent }) {
  const t = useT();
  if (event.type === null) return <AwaitingReview>{t(heritage.typeAwaiting)}</AwaitingReview>;
  return <span className="badge">{t(heritage.typeBadge, { type: t(TYPE_LABELS[event.type]) })}</span>;
}

function EventDetails({ event }: { event: HistoryEvent }) {
  const t = useT();
  return (
    <>
      <div className="badge-row">
        <YearBadge event={event} />
        <TypeBadge event={event} />
        <StatusBadge status={event.status} />
      </div>
      <dl className="facts">
        <dt>{t(heritage.date)}</dt>
        <dd>{event.date ? <span lang="en">{event.date}</span> : <KnownOr value={event.year} />}</dd>
        <dt>{t(heritage.type)}</dt>
        <dd>{event.type ? t(TYPE_LABELS[event.type]) : <KnownOr value={event.type} />}</dd>
      </dl>
      <p>
        <KnownOr value={event.description} />
      </p>
      <h3>{t(heritage.details)}</h3>
      {event.details.length > 0 ? (
        <ul>
          {event.details.map((detail) => (
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
      <SourcesList sources={event.sources} />
    </>
  );
}

export function HistoryPage() {
  const t = useT();
  const events = loadHistory();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = events.find((e) => e.id === selectedId);

  return (
    <div className="page">
      <header className="page-header">
        <h1>{t(heritage.historyTitle)}</h1>
        <p>{t(heritage.historyLead)}</p>
      </header>

      <section className="heritage-section" aria-labelledby="history-timeline">
        <h2 id="history-timeline">{t(heritage.timeline)}</h2>
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
                <span className="timeline-title" lang="en">
                  {event.title}
                </span>
                {event.description && (
                  <span className="timeline-summary" lang="en">
                    {event.description}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ol>
      </section>

      <Modal
        open={selected !== undefined}
        title={<span lang="en">{selected?.title ?? ''}</span>}
        onClose={() => setSelectedId(null)}
      >
        {selected && <EventDetails event={selected} />}
      </Modal>
    </div>
  );
}
