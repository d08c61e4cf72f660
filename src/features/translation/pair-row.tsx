// One row of the editor: English, the editable Lopit field (saved on leaving it), status, and conflict choice.
import { useEffect, useState } from 'react';
import type { TranslationPair } from '../../../core/api/translation.ts';
import { SAVE_CHECKMARK_MS } from '../../../core/constants.ts';
import { ApiError } from '../../lib/api-client.ts';
import { translationApi } from './translation-api.ts';

type RowState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string }
  | { kind: 'conflict'; theirs: TranslationPair };

export function PairRow({
  pair,
  onChange,
}: {
  pair: TranslationPair;
  onChange: (pair: TranslationPair) => void;
}) {
  const [text, setText] = useState(pair.lopit);
  const [state, setState] = useState<RowState>({ kind: 'idle' });

  useEffect(() => {
    if (state.kind !== 'saved') return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), SAVE_CHECKMARK_MS);
    return () => clearTimeout(timer);
  }, [state.kind]);

  async function save(value: string, baseVersion: number) {
    if (value.trim() === pair.lopit && baseVersion === pair.version) return;
    setState({ kind: 'saving' });
    try {
      const { pair: saved } = await translationApi.save(pair.id, value.trim(), baseVersion);
      onChange(saved);
      setText(saved.lopit);
      setState({ kind: 'saved' });
    } catch (caught) {
      const details =
        caught instanceof ApiError
          ? (caught.details as { current?: TranslationPair } | undefined)
          : undefined;
      if (caught instanceof ApiError && caught.status === 409 && details?.current)
        setState({ kind: 'conflict', theirs: details.current });
      else setState({ kind: 'error', message: (caught as Error).message });
    }
  }

  const inputId = `pair-${pair.id}`;
  return (
    <tr data-testid="pair-row">
      <td>
        <label htmlFor={inputId}>{pair.english}</label>
      </td>
      <td>
        <input
          id={inputId}
          className="input"
          lang="lpx"
          value={text}
          placeholder="Add the Lopit translation"
          onChange={(event) => setText(event.target.value)}
          onBlur={() => void save(text, pair.version)}
          disabled={state.kind === 'saving'}
        />
        {state.kind === 'conflict' && (
          <div className="notice-box conflict" role="alert">
            <p>Someone else saved “{state.theirs.lopit || '(empty)'}” while you were editing.</p>
            <div className="button-row">
              <button type="button" className="btn" onClick={() => void save(text, state.theirs.version)}>
                Keep mine
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => {
                  onChange(state.theirs);
                  setText(state.theirs.lopit);
                  setState({ kind: 'idle' });
                }}
              >
                Take theirs
              </button>
            </div>
          </div>
        )}
        {state.kind === 'error' && (
          <p className="field-error">{state.message} Your text is kept here; leave the field to try again.</p>
        )}
      </td>
      <td className="pair-status">
        <StatusIcon state={state} pair={pair} />
      </td>
    </tr>
  );
}

function StatusIcon({ state, pair }: { state: RowState; pair: TranslationPair }) {
  if (state.kind === 'saving') return <span role="status">Saving…</span>;
  if (state.kind === 'saved')
    return (
      <span role="status" data-testid="saved-check">
        ✓ Saved
      </span>
    );
  if (state.kind === 'error') return <span>⚠ Not saved</span>;
  if (state.kind === 'conflict') return <span>⚠ Conflict</span>;
  return pair.lopit ? (
    <span title="Translated">● Translated</span>
  ) : (
    <span className="muted" title="Not translated yet">
      ○ Empty
    </span>
  );
}
