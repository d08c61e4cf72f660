// The history of one pair's Lopit text (who changed it, when, from what to what), read from the server.
import { useEffect, useState } from 'react';
import type { TranslationPair, TranslationRevision } from '../../../core/api/translation.ts';
import { Modal } from '../../components/modal.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { translationApi } from './translation-api.ts';

export function RevisionHistory({ pair, onClose }: { pair: TranslationPair; onClose: () => void }) {
  const [revisions, setRevisions] = useState<TranslationRevision[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    translationApi.revisions(pair.id).then(
      (answer) => setRevisions(answer.revisions),
      (caught: ApiError) =>
        setError(caught.status === null ? 'The history can be read only with a connection.' : caught.message),
    );
  }, [pair.id]);

  return (
    <Modal open title={`History of “${pair.english}”`} onClose={onClose}>
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      {!error && !revisions && <p>Loading history...</p>}
      {revisions?.length === 0 && <p>No changes yet.</p>}
      {revisions && revisions.length > 0 && (
        <ol className="outbox-list" data-testid="revisions">
          {revisions.map((revision) => (
            <li key={revision.id}>
              <strong>{revision.userName ?? 'A former member'}</strong>,{' '}
              {new Date(revision.createdAt).toLocaleString()}
              <br />
              <span lang="lpx">{revision.before || '(empty)'}</span> →{' '}
              <span lang="lpx">{revision.after || '(empty)'}</span>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
