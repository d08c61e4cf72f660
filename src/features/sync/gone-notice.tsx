// The notice of votes, reviews, transcripts and repetitions the outbox dropped because what they were about is
// gone (the speaker withdrew consent, a clip or text was removed): said once, in a few words, until the
// contributor dismisses it; nothing waits for them to decide (issue 29).
import { useLiveQuery } from 'dexie-react-hooks';
import { droppedNotice as m } from '../../../core/i18n/messages/outbox.ts';
import { useT } from '../../i18n/i18n.tsx';
import { dismissGoneNotices, goneCounts, type GoneCounts } from '../../offline/gone-notices.ts';
import { localDb, type GoneNoticeKind } from '../../offline/local-db.ts';
import { useAuth } from '../auth/use-auth.ts';

const ORDER: readonly GoneNoticeKind[] = ['vote', 'report', 'review', 'transcript', 'repetition'];
const NONE: GoneCounts = {};

export function GoneNotice() {
  const t = useT();
  const { user } = useAuth();
  const userId = user?.id;
  const counts = useLiveQuery(() => (userId ? goneCounts(localDb(), userId) : NONE), [userId]) ?? NONE;
  const kinds = ORDER.filter((kind) => (counts[kind] ?? 0) > 0);
  if (!userId || kinds.length === 0) return null;
  return (
    <div className="notice-box" role="status" data-testid="gone-notice">
      {kinds.map((kind) => (
        <p key={kind}>{t(m[kind], { count: counts[kind] ?? 0 })}</p>
      ))}
      <button type="button" className="btn" onClick={() => void dismissGoneNotices(localDb(), userId)}>
        {t(m.dismiss)}
      </button>
    </div>
  );
}
