// The history of one pair's Lopit text (who changed it, when, from what to what), read from the server.
import { useEffect, useState } from 'react';
import type { TranslationPair, TranslationRevision } from '../../../core/api/translation.ts';
import { Modal } from '../../components/modal.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { translation } from '../../../core/i18n/messages/translation.ts';
import { formatDate, richText, useT } from '../../i18n/i18n.tsx';
import { translationApi } from './translation-api.ts';

export function RevisionHistory({ pair, onClose }: { pair: TranslationPair; onClose: () => void }) {
  const t = useT();
  const [revisions, setRevisions] = useState<TranslationRevision[] | null>(null);
  // The server's reason, or null for no connection (said in the interface's language); undefined: none.
  const [error, setError] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    translationApi.revisions(pair.id).then(
      (answer) => setRevisions(answer.revisions),
      (caught: ApiError) => setError(caught.status === null ? null : caught.message),
    );
  }, [pair.id]);

  return (
    <Modal
      open
      title={richText(t, translation.historyOf, { sentence: <span lang="en">{pair.english}</span> })}
      onClose={onClose}
    >
      {error !== undefined && (
        <p className="error-box" role="alert">
          {error ?? t(translation.historyOffline)}
        </p>
      )}
      {error === undefined && !revisions && <p>{t(translation.loadingHistory)}</p>}
      {revisions?.length === 0 && <p>{t(translation.noChanges)}</p>}
      {revisions && revisions.length > 0 && (
        <ol className="outbox-list" data-testid="revisions">
          {revisions.map((revision) => (
            <li key={revision.id}>
              {revision.userName ? (
                <strong translate="no">{revision.userName}</strong>
              ) : (
                <strong>{t(translation.formerMemberName)}</strong>
              )}
              ,{' '}
              <time dateTime={revision.createdAt}>
                {formatDate(revision.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
              <br />
              <LopitOrEmpty text={revision.before} /> → <LopitOrEmpty text={revision.after} />
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}

/** A Lopit text, or the words for an empty one. */
export function LopitOrEmpty({ text }: { text: string }) {
  const t = useT();
  return text ? <span lang="lpx">{text}</span> : <span>{t(translation.emptyText)}</span>;
}
