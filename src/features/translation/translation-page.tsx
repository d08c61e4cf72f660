// /translation: contributors translate the English prompt sentences into Lopit, online or offline.
// Pairs are read from this device's cache (refreshed from the server when it can be reached); edits go
// to the outbox and show as waiting until the server confirms them. A contributor's text is a proposal until
// the community approves it (issue 15); an admin's is approved at once.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import type { TranslationCategory } from '../../../core/constants.ts';
import { PAIRS_PAGE_SIZE } from '../../../core/api/translation.ts';
import { PROPOSAL_APPROVALS_TO_ACCEPT } from '../../../core/review/rules.ts';
import type { ApiError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { translation } from '../../../core/i18n/messages/translation.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import { PATHS } from '../../app/paths.ts';
import { ModeTabs } from '../speak/mode-tabs.tsx';
import { useOutbox } from '../sync/use-outbox.ts';
import { useAuth } from '../auth/use-auth.ts';
import { ConsentNotice } from '../consent/consent-notice.tsx';
import { useConsentOnPhone } from '../consent/device-consent.ts';
import {
  cachedPairs,
  latestEditByPair,
  localCsv,
  ownProposal,
  refreshPairs,
  type PairsProgress,
} from './local-pairs.ts';
import { PairRow } from './pair-row.tsx';
import { translationApi } from './translation-api.ts';
import { CategorySelect } from './category-select.tsx';
import './translation.css';

type Fetch =
  | { kind: 'loading'; progress?: PairsProgress }
  | { kind: 'fresh' }
  | { kind: 'offline' }
  | { kind: 'error'; message: string };

export function TranslationPage() {
  const t = useT();
  const { user } = useAuth();
  const [category, setCategory] = useState<TranslationCategory | 'all'>('all');
  const [fetchState, setFetchState] = useState<Fetch>({ kind: 'loading' });
  // The server's reason, or this screen's note.
  const [exportNote, setExportNote] = useState<string | MessageDescriptor | null>(null);
  const viewerId = user?.id ?? null;
  const pairs = useLiveQuery(() => cachedPairs(category, viewerId), [category, viewerId]);
  const edits = latestEditByPair(useOutbox());
  const consent = useConsentOnPhone(user?.id ?? '');
  // Typing needs translation consent (the server refuses translations without it): read-only until given.
  const canEdit = consent.status?.translation === true;

  // The whole copy is brought up to date once per visit (only what changed since the last one); the category
  // only chooses what this device's copy shows.
  const refresh = useCallback(async () => {
    setFetchState({ kind: 'loading' });
    try {
      await refreshPairs((progress) => setFetchState({ kind: 'loading', progress }));
      setFetchState({ kind: 'fresh' });
    } catch (caught) {
      const error = caught as ApiError;
      setFetchState(error.status === null ? { kind: 'offline' } : { kind: 'error', message: error.message });
    }
  }, []);
  useEffect(() => void refresh(), [refresh]);

  async function exportCsv() {
    setExportNote(null);
    try {
      saveBlob(await translationApi.exportCsv(), 'translations.csv');
    } catch (caught) {
      if ((caught as ApiError).status !== null) {
        setExportNote((caught as Error).message);
        return;
      }
      // Offline: the file is made from this device's copy, with the edits still waiting marked pending.
      const all = await cachedPairs('all', viewerId);
      saveBlob(new Blob([localCsv(all, edits)], { type: 'text/csv;charset=utf-8' }), 'translations.csv');
      setExportNote(translation.exportOffline);
    }
  }

  const loading = pairs === undefined || (pairs.length === 0 && fetchState.kind === 'loading');
  const approved = pairs?.filter((pair) => pair.status === 'approved' && pair.lopit).length ?? 0;
  const waiting = pairs?.filter((pair) => edits.has(pair.id) || ownProposal(pair)).length ?? 0;
  const approves = user?.role === 'admin';
  return (
    <div className="page">
      <div className="page-header">
        <h1>{t(translation.title)}</h1>
        <p>
          {t(translation.intro)}{' '}
          {approves
            ? t(translation.introAdmin)
            : t(translation.introContributor, { count: PROPOSAL_APPROVALS_TO_ACCEPT })}
        </p>
      </div>
      {/* KNOWN GAP (issue 18): the mode tabs and the consent notice are other screens' (not converted yet). */}
      <ModeTabs group="translation" current={PATHS.translation} />
      <div className="toolbar">
        <CategorySelect value={category} onChange={setCategory} />
        <button type="button" className="btn" onClick={() => void exportCsv()}>
          {t(translation.exportCsv)}
        </button>
        {pairs && pairs.length > 0 && (
          <span className="muted" data-testid="pairs-counts">
            {t(waiting > 0 ? translation.countsWaiting : translation.counts, {
              approved: formatNumber(approved),
              total: formatNumber(pairs.length),
              waiting: formatNumber(waiting),
            })}
          </span>
        )}
      </div>
      {user && <ConsentNotice scope="translation" consent={consent} />}
      {fetchState.kind === 'offline' && (
        <div className="notice-box" role="status" data-testid="translation-offline">
          {pairs && pairs.length > 0 ? t(translation.offlineSaved) : t(translation.offlineEmpty)}
        </div>
      )}
      {fetchState.kind === 'error' && (
        <div className="error-box" role="alert">
          {fetchState.message}
        </div>
      )}
      {exportNote && (
        <p className="muted" role="status">
          {typeof exportNote === 'string' ? exportNote : t(exportNote)}
        </p>
      )}
      {loading && <p>{t(translation.loading)}</p>}
      {fetchState.kind === 'loading' &&
        fetchState.progress &&
        fetchState.progress.total > PAIRS_PAGE_SIZE && <DownloadProgress {...fetchState.progress} />}
      {!loading && pairs.length === 0 && fetchState.kind === 'fresh' && <p>{t(translation.empty)}</p>}
      {!loading && pairs.length > 0 && user && (
        <div className="table-wrap">
          <table className="pairs-table">
            <thead>
              <tr>
                <th scope="col">{t(translation.english)}</th>
                <th scope="col">{t(translation.lopit)}</th>
                <th scope="col">{t(translation.status)}</th>
              </tr>
            </thead>
            <tbody>
              {pairs.map((pair) => (
                <PairRow
                  key={pair.id}
                  pair={pair}
                  edit={edits.get(pair.id)}
                  userId={user.id}
                  approves={approves}
                  readOnly={!canEdit}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** A download of more than one page: how many sentences are on this device so far. */
function DownloadProgress({ received, total }: PairsProgress) {
  const t = useT();
  return (
    <p className="muted" role="status" data-testid="pairs-progress">
      <progress max={total} value={received} aria-label={t(translation.downloaded)} />{' '}
      {t(translation.downloadProgress, { received: formatNumber(received), total: formatNumber(total) })}
    </p>
  );
}
