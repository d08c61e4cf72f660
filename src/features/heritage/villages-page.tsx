// Seven Villages (/villages): card grid; a card opens a modal with everything known about the village.
import { useState } from 'react';
import { loadVillages } from '../../../core/heritage/content.ts';
import type { Coordinates, Village } from '../../../core/heritage/schema.ts';
import { Modal } from '../../components/modal.tsx';
import { AwaitingReview, KnownOr, SourcesList, StatusBadge } from './draft-marker.tsx';
import { HeritageIcon } from './heritage-icons.tsx';
import './heritage.css';

function villageTitle(village: Village, index: number, total: number): string {
  return village.name ?? `Unnamed village (${index + 1} of ${total})`;
}

function formatCoordinates({ latitude, longitude }: Coordinates): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude >= 0 ? 'N' : 'S'}`;
  const lng = `${Math.abs(longitude).toFixed(4)}° ${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lng}`;
}

function VillageDetails({ village }: { village: Village }) {
  return (
    <>
      <div className="badge-row">
        <StatusBadge status={village.status} />
        {village.isMainVillage === true && <span className="badge badge-primary">Primary village</span>}
      </div>
      <dl className="facts">
        <dt>Name</dt>
        <dd>
          <KnownOr value={village.name} />
        </dd>
        <dt>Role</dt>
        <dd>
          <KnownOr value={village.role} />
        </dd>
        <dt>Location</dt>
        <dd>
          <KnownOr value={village.location} />
        </dd>
        <dt>Coordinates</dt>
        <dd>
          <KnownOr value={village.coordinates} render={formatCoordinates} />
        </dd>
        <dt>Administrative role</dt>
        <dd>
          <KnownOr value={village.administrative_role} />
        </dd>
        <dt>Description</dt>
        <dd>
          <KnownOr value={village.description} />
        </dd>
      </dl>
      <SourcesList sources={village.sources} />
    </>
  );
}

export function VillagesPage() {
  const villages = loadVillages();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selectedIndex = villages.findIndex((v) => v.id === selectedId);
  const selected = villages[selectedIndex];
  const hasPrimary = villages.some((v) => v.isMainVillage === true);

  return (
    <div className="page">
      <header className="page-header">
        <h1>Seven Villages</h1>
        <p>
          The kingdom counts {villages.length} villages. Choose a village to see its role, location and
          description.
        </p>
      </header>

      {!hasPrimary && (
        <p className="notice-box heritage-section" role="note">
          <AwaitingReview /> Which village is the kingdom&apos;s primary village is not publicly recorded, so
          no village is highlighted here until the community confirms it.
        </p>
      )}

      <section className="heritage-section" aria-labelledby="villages-list">
        <h2 id="villages-list" className="visually-hidden">
          Villages
        </h2>
        <ul className="grid heritage-list">
          {villages.map((village, index) => {
            const primary = village.isMainVillage === true;
            return (
              <li key={village.id}>
                <button
                  type="button"
                  className={`card card-button village-card${primary ? ' village-card-primary' : ''}`}
                  onClick={() => setSelectedId(village.id)}
                  aria-haspopup="dialog"
                >
                  <span className="village-card-head">
                    <HeritageIcon name="village" />
                    <span className="village-name">{villageTitle(village, index, villages.length)}</span>
                  </span>
                  <span className="badge-row">
                    {primary && <span className="badge badge-primary">Primary village</span>}
                    <StatusBadge status={village.status} />
                    {village.name === null && <AwaitingReview>Name awaiting community review</AwaitingReview>}
                  </span>
                  <span className="muted">
                    {village.role ??
                      (village.location ? village.location : 'Details awaiting community input')}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <Modal
        open={selected !== undefined}
        title={selected ? villageTitle(selected, selectedIndex, villages.length) : ''}
        onClose={() => setSelectedId(null)}
      >
        {selected && <VillageDetails village={selected} />}
      </Modal>
    </div>
  );
}
