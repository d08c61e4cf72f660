// Seven Villages (/villages): card grid; a card opens a modal with everything known about the village.
import { heritage } from '../../../core/i18n/messages/heritage.ts';
import { useT } from '../../i18n/i18n.tsx';
import { useState } from 'react';
import { loadVillages } from '../../../core/heritage/content.ts';
import type { Coordinates, Village } from '../../../core/heritage/schema.ts';
import { Modal } from '../../components/modal.tsx';
import { AwaitingReview, KnownOr, SourcesList, StatusBadge } from './draft-marker.tsx';
import { HeritageIcon } from './heritage-icons.tsx';
import './heritage.css';

function VillageTitle({ village, index, total }: { village: Village; index: number; total: number }) {
  const t = useT();
  if (village.name) return <span lang="en">{village.name}</span>;
  return <>{t(heritage.unnamedVillage, { index: index + 1, total })}</>;
}

function formatCoordinates({ latitude, longitude }: Coordinates): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude >= 0 ? 'N' : 'S'}`;
  const lng = `${Math.abs(longitude).toFixed(4)}° ${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lng}`;
}

function VillageDetails({ village }: { village: Village }) {
  const t = useT();
  return (
    <>
      <div className="badge-row">
        <StatusBadge status={village.status} />
        {village.isMainVillage === true && (
          <span className="badge badge-primary">{t(heritage.primaryVillage)}</span>
        )}
      </div>
      <dl className="facts">
        <dt>{t(heritage.name)}</dt>
        <dd>
          <KnownOr value={village.name} />
        </dd>
        <dt>{t(heritage.role)}</dt>
        <dd>
          <KnownOr value={village.role} />
        </dd>
        <dt>{t(heritage.location)}</dt>
        <dd>
          <KnownOr value={village.location} />
        </dd>
        <dt>{t(heritage.coordinates)}</dt>
        <dd>
          <KnownOr value={village.coordinates} render={formatCoordinates} />
        </dd>
        <dt>{t(heritage.administrativeRole)}</dt>
        <dd>
          <KnownOr value={village.administrative_role} />
        </dd>
        <dt>{t(heritage.description)}</dt>
        <dd>
          <KnownOr value={village.description} />
        </dd>
      </dl>
      <SourcesList sources={village.sources} />
    </>
  );
}

export function VillagesPage() {
  const t = useT();
  const villages = loadVillages();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selectedIndex = villages.findIndex((v) => v.id === selectedId);
  const selected = villages[selectedIndex];
  const hasPrimary = villages.some((v) => v.isMainVillage === true);

  return (
    <div className="page">
      <header className="page-header">
        <h1>{t(heritage.villagesTitle)}</h1>
        <p>{t(heritage.villagesLead, { count: villages.length })}</p>
      </header>

      {!hasPrimary && (
        <p className="notice-box heritage-section" role="note">
          <AwaitingReview /> {t(heritage.noPrimary)}
        </p>
      )}

      <section className="heritage-section" aria-labelledby="villages-list">
        <h2 id="villages-list" className="visually-hidden">
          {t(heritage.villagesList)}
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
                    <span className="village-name">
                      <VillageTitle village={village} index={index} total={villages.length} />
                    </span>
                  </span>
                  <span className="badge-row">
                    {primary && <span className="badge badge-primary">{t(heritage.primaryVillage)}</span>}
                    <StatusBadge status={village.status} />
                    {village.name === null && <AwaitingReview>{t(heritage.nameAwaiting)}</AwaitingReview>}
                  </span>
                  {village.role || village.location ? (
                    <span className="muted" lang="en">
                      {village.role ?? village.location}
                    </span>
                  ) : (
                    <span className="muted">{t(heritage.detailsAwaitingInput)}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </section>

      <Modal
        open={selected !== undefined}
        title={
          selected ? <VillageTitle village={selected} index={selectedIndex} total={villages.length} /> : ''
        }
        onClose={() => setSelectedId(null)}
      >
        {selected && <VillageDetails village={selected} />}
      </Modal>
    </div>
  );
}
