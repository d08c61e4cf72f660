// One row of the editor: English; the Lopit field (saved on leaving it) with the approved text and the open
// proposals of other people beside it; its status (a contributor's own proposal with its review progress); and
// the conflict choice when the person's own proposal changed on another device while this edit waited.
import { useEffect, useRef, useState } from 'react';
import { FieldError } from '../../components/field-error.tsx';
import { shell } from '../../../core/i18n/messages/shell.ts';
import { saveTranslationSchema, type ReviewedPair } from '../../../core/api/translation.ts';
import { SAVE_CHECKMARK_MS } from '../../../core/constants.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { translation } from '../../../core/i18n/messages/translation.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { localDb, type OutboxEntryOf } from '../../offline/local-db.ts';
import { discardEntry } from '../../offline/outbox.ts';
import { retryAndSync } from '../sync/outbox-actions.ts';
import { syncEngine, useSyncStatus } from '../sync/sync.ts';
import { useBusy } from '../../pwa/busy.ts';
import { conflictOf, keepThisDevice, otherDeviceText, saveOver, takeOtherDevice } from './edit-conflicts.ts';
import { ownProposal, queueTranslation, shownText } from './local-pairs.ts';
import { authorOf, reviewProgress } from './review-progress.ts';
import { LopitOrEmpty, RevisionHistory } from './revision-history.tsx';

/** What to tell the contributor about a refusal, by status. */
function whatToDo(status: number | null): MessageDescriptor {
  if (status === 403) return translation.checkConsent;
  if (status === 404) return translation.sentenceRemoved;
  if (status === 400) return translation.correctText;
  return translation.tryAgainOrDiscard;
}

export function PairRow({
  pair,
  edit,
  userId,
  approves = false,
  readOnly = false,
}: {
  pair: ReviewedPair;
  edit: OutboxEntryOf<'translation.save'> | undefined;
  userId: string;
  /** The person's saves are approved at once (an admin); a contributor's become proposals. */
  approves?: boolean;
  /** Shown but not editable (no translation consent on this phone). */
  readOnly?: boolean;
}) {
  const t = useT();
  const current = shownText(pair, edit);
  const [text, setText] = useState(current);
  const [focused, setFocused] = useState(false);
  // The schema's message, or one of this screen's.
  const [fieldError, setFieldError] = useState<string | MessageDescriptor | null>(null);
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
      setFieldError(parsed.error.issues[0]?.message ?? translation.cannotSave);
      return;
    }
    // An empty save only withdraws the contributor's own proposal: it cannot take the approved text away.
    if (value === '' && !approves && !own && !edit && pair.lopit) {
      setFieldError(translation.cannotRemove);
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
        <label htmlFor={inputId} lang="en">
          {pair.english}
        </label>
      </td>
      <td>
        <div className="pair-texts">
          {approvedApart && (
            <p id={approvedId} className="pair-approved" data-testid="approved-text">
              <span className="badge badge-approved">✓ {t(translation.approvedBadge)}</span>{' '}
              <span lang="lpx">{pair.lopit}</span>
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
              readOnly ? undefined : t(approves ? translation.addPlaceholder : translation.proposePlaceholder)
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
            <FieldError id={errorId} text={typeof fieldError === 'string' ? fieldError : t(fieldError)} />
          )}
          {conflict && (
            <div className="notice-box conflict" role="alert" data-testid="conflict">
              <p>{t(translation.conflict)}</p>
              <dl className="conflict-texts">
                <dt>{t(translation.thisDevice)}</dt>
                <dd>
                  <LopitOrEmpty text={edit!.body.translation} />
                </dd>
                <dt>{t(translation.otherDevice)}</dt>
                <dd>
                  {otherDeviceText(conflict) ? (
                    <span lang="lpx">{otherDeviceText(conflict)}</span>
                  ) : (
                    t(translation.withdrawn)
                  )}
                </dd>
              </dl>
              <div className="button-row">
                <button type="button" className="btn" onClick={() => void chooseThisDevice()}>
                  {t(translation.keepThis)}
                </button>
                <button type="button" className="btn" onClick={() => void chooseOtherDevice()}>
                  {t(translation.takeOther)}
                </button>
                <button type="button" className="btn" onClick={() => inputRef.current?.focus()}>
                  {t(translation.edit)}
                </button>
              </div>
              <p className="muted">{t(translation.combine)}</p>
            </div>
          )}
          {refused && (
            <div className="error-box" role="alert" data-testid="refused">
              <p>
                {t(translation.refused, { problem: refused.message, whatToDo: t(whatToDo(refused.status)) })}
              </p>
              <div className="button-row">
                <button type="button" className="btn" onClick={() => void retryAndSync(edit!.seq!)}>
                  {t(translation.tryAgain)}
                </button>
                <button
                  type="button"
                  className="btn"
                  onClick={() => {
                    hadEdit.current = false;
                    void discardEntry(localDb(), edit!.seq!);
                  }}
                >
                  {t(translation.discard)}
                </button>
              </div>
            </div>
          )}
          {others.length > 0 && (
            <ul
              className="pair-proposals"
              aria-label={t(translation.otherProposals, { sentence: pair.english })}
            >
              {others.map((proposal) => (
                <li key={proposal.id} data-testid="other-proposal">
                  <span lang="lpx">{proposal.text}</span>
                  <span className="muted">
                    {richText(t, translation.proposedBy, {
                      author: proposal.authorName ? (
                        <span translate="no">{proposal.authorName}</span>
                      ) : (
                        authorOf(proposal, t)
                      ),
                      progress: reviewProgress(proposal, t),
                    })}
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
              aria-label={t(translation.historyOf, { sentence: pair.english })}
            >
              {t(translation.history)}
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
  edit: OutboxEntryOf<'translation.save'> | undefined;
  conflict: boolean;
  saved: boolean;
  waiting: boolean;
}) {
  const t = useT();
  const own = ownProposal(pair);
  if (conflict)
    return (
      <span id={id} data-testid="pair-status">
        ⚠ {t(translation.conflictStatus)}
      </span>
    );
  if (edit?.state === 'attention')
    return (
      <span id={id} data-testid="pair-status">
        ⚠ {t(translation.notAccepted)}
      </span>
    );
  if (edit)
    return waiting ? (
      <span id={id} data-testid="pair-status" title={t(translation.waitingTitle)}>
        ◔ {t(translation.waitingToSync)}
      </span>
    ) : (
      <span id={id} role="status" data-testid="pair-status">
        {t(translation.saving)}
      </span>
    );
  if (saved)
    return (
      <span id={id} role="status" data-testid="saved-check">
        ✓ {t(translation.saved)}
      </span>
    );
  if (own)
    return (
      <span id={id} data-testid="pair-status">
        ◔{' '}
        {richText(t, translation.waitingForReview, {
          progress: <span className="pair-progress">{reviewProgress(own, t)}</span>,
        })}
      </span>
    );
  if (pair.lopit && pair.status === 'approved')
    return (
      <span id={id} data-testid="pair-status">
        ✓ {t(translation.approvedBadge)}
      </span>
    );
  return pair.lopit ? (
    <span id={id} data-testid="pair-status">
      ● {t(translation.translated)}
    </span>
  ) : (
    <span id={id} className="muted" data-testid="pair-status">
      ○ {t(translation.notTranslated)}
    </span>
  );
}
