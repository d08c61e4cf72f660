// One row of the editor: English, the editable Lopit field (saved on leaving it), its status, and the
// conflict choice when someone else changed the pair meanwhile.
import { useEffect, useRef, useState } from 'react';
import {
  saveTranslationSchema,
  type SaveTranslation,
  type TranslationPair,
} from '../../../core/api/translation.ts';
import { SAVE_CHECKMARK_MS } from '../../../core/constants.ts';
import { localDb, type OutboxEntry } from '../../offline/local-db.ts';
import { discardEntry } from '../../offline/outbox.ts';
import { retryAndSync } from '../sync/outbox-actions.ts';
import { syncEngine, useSyncStatus } from '../sync/sync.ts';
import { useBusy } from '../../pwa/busy.ts';
import { conflictOf, keepMine, saveOver, takeTheirs } from './edit-conflicts.ts';
import { queueTranslation, shownText } from './local-pairs.ts';
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
  readOnly = false,
}: {
  pair: TranslationPair;
  edit: OutboxEntry | undefined;
  userId: string;
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

  useBusy(focused && text.trim() !== current, 'an unsaved translation');

  const conflict = conflictOf(edit);

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
    setFieldError(null);
    if (conflict && edit) {
      // Saving over their text, knowingly: the edit is based on their version now.
      await saveOver(localDb(), edit, conflict, value);
      void syncEngine().trigger();
      return;
    }
    if (value === current) return;
    await queueTranslation(pair, userId, value);
  }

  async function chooseMine() {
    if (!conflict || !edit) return;
    await keepMine(localDb(), edit, conflict);
    void syncEngine().trigger();
  }

  async function chooseTheirs() {
    if (!conflict || !edit) return;
    hadEdit.current = false; // leaving the edit is not a save: no check mark
    await takeTheirs(localDb(), edit, conflict);
    setText(conflict.lopit);
  }

  const inputId = `pair-${pair.id}`;
  const errorId = `${inputId}-error`;
  const refused = edit?.state === 'attention' && !conflict ? edit.problem : undefined;
  return (
    <tr data-testid="pair-row" data-pair-id={pair.id}>
      <td>
        <label htmlFor={inputId}>{pair.english}</label>
      </td>
      <td>
        <input
          ref={inputRef}
          id={inputId}
          className="input"
          lang="lpx"
          value={text}
          readOnly={readOnly}
          placeholder={readOnly ? undefined : 'Add the Lopit translation'}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
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
              Someone else changed this translation while yours was waiting. Both are kept until you choose.
            </p>
            <dl className="conflict-texts">
              <dt>Yours</dt>
              <dd lang="lpx">{(edit!.body as SaveTranslation).translation || '(empty)'}</dd>
              <dt>Theirs</dt>
              <dd lang="lpx">{conflict.lopit || '(empty)'}</dd>
            </dl>
            <div className="button-row">
              <button type="button" className="btn" onClick={() => void chooseMine()}>
                Keep mine
              </button>
              <button type="button" className="btn" onClick={() => void chooseTheirs()}>
                Take theirs
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
      </td>
      <td className="pair-status">
        {historyOpen && <RevisionHistory pair={pair} onClose={() => setHistoryOpen(false)} />}
        <StatusIcon
          pair={pair}
          edit={edit}
          conflict={Boolean(conflict)}
          saved={savedUntil > 0}
          waiting={phase === 'offline' || phase === 'signed-out'}
        />
        {pair.version > 1 && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => setHistoryOpen(true)}
            aria-label={`History of “${pair.english}”`}
          >
            History
          </button>
        )}
      </td>
    </tr>
  );
}

function StatusIcon({
  pair,
  edit,
  conflict,
  saved,
  waiting,
}: {
  pair: TranslationPair;
  edit: OutboxEntry | undefined;
  conflict: boolean;
  saved: boolean;
  waiting: boolean;
}) {
  if (conflict) return <span data-testid="pair-status">⚠ Conflict</span>;
  if (edit?.state === 'attention') return <span data-testid="pair-status">⚠ Not accepted</span>;
  if (edit)
    return waiting ? (
      <span data-testid="pair-status" title="Saved on this device; sent when you are back online">
        ◔ Waiting to sync
      </span>
    ) : (
      <span role="status" data-testid="pair-status">
        Saving…
      </span>
    );
  if (saved)
    return (
      <span role="status" data-testid="saved-check">
        ✓ Saved
      </span>
    );
  return pair.lopit ? (
    <span data-testid="pair-status" title="Translated">
      ● Translated
    </span>
  ) : (
    <span className="muted" data-testid="pair-status" title="Not translated yet">
      ○ Empty
    </span>
  );
}
