// One row of the editor: English; the Lopit field (saved on leaving it) with the approved text and the open
// proposals of other people beside it; its status (a contributor's own proposal with its review progress); and
// the conflict choice when the person's own proposal changed on another device while this edit waited.
import { useEffect, useRef, useState } from 'react';
import { shell } from '../../../core/i18n/messages/shell.ts';
import {
  saveTranslationSchema,
  type ReviewedPair,
  type SaveTranslation,
} from '../../../core/api/translation.ts';
import { SAVE_CHECKMARK_MS } from '../../../core/constants.ts';
import { localDb, type OutboxEntry } from '../../offline/local-db.ts';
import { discardEntry } from '../../offline/outbox.ts';
import { retryAndSync } from '../sync/outbox-actions.ts';
import { syncEngine, useSyncStatus } from '../sync/sync.ts';
import { useBusy } from '../../pwa/busy.ts';
import { conflictOf, keepThisDevice, otherDeviceText, saveOver, takeOtherDevice } from './edit-conflicts.ts';
import { ownProposal, queueTranslation, shownText } from './local-pairs.ts';
import { authorOf, reviewProgress } from './review-progress.ts';
import { RevisionHistory } from './revision-history.tsx';

/** What to tell the contributor about a refusal, by status. */
function whatToDo(status: number | null): string {
  if (status === 403) return 'Check that you have given translation consent, then try again.';
  if (status === 404) return 'This sentence was removed; your text can be discarded.';
  if (status === 400) return 'Correct the text and leave the field to save it again.';
  return 'Try again, or discard your change.';
}

export function PairRow({
  pair,
  edit,
  userId,
  approves = false,
  readOnly = false,
}: {
  pair: ReviewedPair;
  edit: OutboxEntry | undefined;
  userId: string;
  /** The person's saves are approved at once (an admin); a contributor's become proposals. */
  approves?: boolean;
  /** Shown but not editable (no translation consent on this phone). */
  readOnly?: boolean;
}) {
  const current = shownText(pair, edit);
  const [text, setText] = useState(current);
  const [focused, setFocused] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [savedUntil, setSavedUntil] = useState(0);
  const [historyOpen, setHistoryOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hadEdit = useRef(edit !== undefined);
  const { phase } = useSyncStatus();

  // Follow changes from elsewhere (sync, another tab) unless the contributor is typing.
  useEffect(() => {
    if (!focused) setText(current);
  }, [current, focused]);

  // The waiting edit was confirmed: show the check mark for a moment.
  useEffect(() => {
    if (hadEdit.current && !edit) setSavedUntil(Date.now() + SAVE_CHECKMARK_MS);
    hadEdit.current = edit !== undefined;
  }, [edit]);
  useEffect(() => {
    if (!savedUntil) return;
    const timer = setTimeout(() => setSavedUntil(0), SAVE_CHECKMARK_MS);
    return () => clearTimeout(timer);
  }, [savedUntil]);

  useBusy(focused && text.trim() !== current, shell.busyUnsavedTranslation);

  const conflict = conflictOf(edit);
  const own = ownProposal(pair);
  const others = pair.proposals.filter((proposal) => !proposal.mine);

  async function save() {
    const value = text.trim();
    if (value === current && !conflict) return;
    const parsed = saveTranslationSchema.safeParse({
      id: pair.id,
      translation: value,
      baseVersion: pair.version,
    });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'This text cannot be saved');
      return;
    }
    // An empty save only withdraws the contributor's own proposal: it cannot take the approved text away.
    if (value === '' && !approves && !own && !edit && pair.lopit) {
      setFieldError('An approved translation cannot be removed here: write the text you propose instead.');
      return;
    }
    setFieldError(null);
    if (conflict && edit) {
      // Saving over the other device's text, knowingly: the edit is based on the server's version now.
      await saveOver(localDb(), edit, conflict, value);
      void syncEngine().trigger();
      return;
    }
    if (value === current) return;
    await queueTranslation(pair, userId, value);
  }

  async function chooseThisDevice() {
    if (!conflict || !edit) return;
    await keepThisDevice(localDb(), edit, conflict);
    void syncEngine().trigger();
  }

  async function chooseOtherDevice() {
    if (!conflict || !edit) return;
    hadEdit.current = false; // leaving the edit is not a save: no check mark
    await takeOtherDevice(localDb(), edit, conflict);
    setText(shownText(conflict, undefined));
  }

  const inputId = `pair-${pair.id}`;
  const errorId = `${inputId}-error`;
  const approvedId = `${inputId}-approved`;
  const statusId = `${inputId}-status`;
  // The approved text gets a line of its own when the field shows another text (a proposal, a waiting edit).
  const approvedApart = pair.lopit !== '' && current !== pair.lopit;
  const describedBy = [fieldError && errorId, approvedApart && approvedId, statusId]
    .filter(Boolean)
    .join(' ');
  const refused = edit?.state === 'attention' && !conflict ? edit.problem : undefined;
  return (
    <tr data-testid="pair-row" data-pair-id={pair.id}>
      <td>
        <label htmlFor={inputId}>{pair.english}</label>
      </td>
      <td>
        <div className="pair-texts">
          {approvedApart && (
            <p id={approvedId} className="pair-approved" data-testid="approved-text">
              <span className="badge badge-approved">✓ Approved</span> <span lang="lpx">{pair.lopit}</span>
            </p>
          )}
          <input
            ref={inputRef}
            id={inputId}
            className="input"
            lang="lpx"
            value={text}
            readOnly={readOnly}
            placeholder={
              readOnly ? undefined : approves ? 'Add the Lopit translation' : 'Propose a Lopit translation'
            }
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => setText(event.target.value)}
            onFocus={() => setFocused(true)}
            onBlur={() => {
              setFocused(false);
              void save();
            }}
          />
          {fieldError && (
            <p id={errorId} className="field-error">
              {fieldError}
            </p>
          )}
          {conflict && (
            <div className="notice-box conflict" role="alert" data-testid="conflict">
              <p>
                You changed this translation on another device while this one waited. Both are kept until you
                choose.
              </p>
              <dl className="conflict-texts">
                <dt>This device</dt>
                <dd lang="lpx">{(edit!.body as SaveTranslation).translation || '(empty)'}</dd>
                <dt>Other device</dt>
                <dd lang="lpx">{otherDeviceText(conflict) || '(withdrawn)'}</dd>
              </dl>
              <div className="button-row">
                <button type="button" className="btn" onClick={() => void chooseThisDevice()}>
                  Keep this one
                </button>
                <button type="button" className="btn" onClick={() => void chooseOtherDevice()}>
                  Take the other
                </button>
                <button type="button" className="btn" onClick={() => inputRef.current?.focus()}>
                  Edit
                </button>
              </div>
              <p className="muted">To combine them, choose Edit, change the text, and leave the field.</p>
            </div>
          )}
          {refused && (
            <div className="error-box" role="alert" data-testid="refused">
              <p>
                The server did not accept this change: {refused.message} {whatToDo(refused.status)}
              </p>
              <div className="button-row">
                <button type="button" className="btn" onClick={() => void retryAndSync(edit!.seq!)}>
                  Try again
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={() => {
                    hadEdit.current = false;
                    void discardEntry(localDb(), edit!.seq!);
                  }}
                >
                  Discard my change
                </button>
              </div>
            </div>
          )}
          {others.length > 0 && (
            <ul className="pair-proposals" aria-label={`Other proposals for “${pair.english}”`}>
              {others.map((proposal) => (
                <li key={proposal.id} data-testid="other-proposal">
                  <span lang="lpx">{proposal.text}</span>
                  <span className="muted">
                    Proposed by {authorOf(proposal)} · {reviewProgress(proposal)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </td>
      <td className="pair-status">
        {historyOpen && <RevisionHistory pair={pair} onClose={() => setHistoryOpen(false)} />}
        {/* One line the height of the field: the status reads level with the text typed in it. */}
        <div className="pair-status-line">
          <StatusText
            id={statusId}
            pair={pair}
            edit={edit}
            conflict={Boolean(conflict)}
            saved={savedUntil > 0}
            waiting={phase === 'offline' || phase === 'signed-out'}
          />
          {/* The history is of the approved text: a pair with proposals only has none yet. */}
          {pair.version > 1 && pair.lopit !== '' && (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => setHistoryOpen(true)}
              aria-label={`History of “${pair.english}”`}
            >
              History
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

function StatusText({
  id,
  pair,
  edit,
  conflict,
  saved,
  waiting,
}: {
  id: string;
  pair: ReviewedPair;
  edit: OutboxEntry | undefined;
  conflict: boolean;
  saved: boolean;
  waiting: boolean;
}) {
  const own = ownProposal(pair);
  if (conflict)
    return (
      <span id={id} data-testid="pair-status">
        ⚠ Conflict
      </span>
    );
  if (edit?.state === 'attention')
    return (
      <span id={id} data-testid="pair-status">
        ⚠ Not accepted
      </span>
    );
  if (edit)
    return waiting ? (
      <span id={id} data-testid="pair-status" title="Saved on this device; sent when you are back online">
        ◔ Waiting to sync
      </span>
    ) : (
      <span id={id} role="status" data-testid="pair-status">
        Saving…
      </span>
    );
  if (saved)
    return (
      <span id={id} role="status" data-testid="saved-check">
        ✓ Saved
      </span>
    );
  if (own)
    return (
      <span id={id} data-testid="pair-status">
        ◔ Waiting for review: <span className="pair-progress">{reviewProgress(own)}</span>
      </span>
    );
  if (pair.lopit && pair.status === 'approved')
    return (
      <span id={id} data-testid="pair-status">
        ✓ Approved
      </span>
    );
  return pair.lopit ? (
    <span id={id} data-testid="pair-status">
      ● Translated
    </span>
  ) : (
    <span id={id} className="muted" data-testid="pair-status">
      ○ Not translated yet
    </span>
  );
}
