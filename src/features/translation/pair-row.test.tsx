// @vitest-environment happy-dom
// The editor row as a contributor uses it (Testing Library, IndexedDB by fake-indexeddb): a conflict shows both
// texts and each choice does what it says; a refusal says why and can be discarded; bad text is refused at the
// field and nothing is queued.
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { TranslationPair } from '../../../core/api/translation.ts';
import { localDb, type OutboxEntry } from '../../offline/local-db.ts';
import { enqueue, entriesOf, park } from '../../offline/outbox.ts';
import { PairRow } from './pair-row.tsx';

const USER = 'user-1';
const mine: TranslationPair = {
  id: 7,
  english: 'Good morning.',
  lopit: 'zorbel old text',
  category: 'greetings',
  status: 'approved',
  version: 2,
  updatedAt: '2026-11-20T09:00:00.000Z',
};
const theirs: TranslationPair = { ...mine, lopit: 'zorbel their text', version: 3 };

async function waitingEdit(): Promise<OutboxEntry> {
  return enqueue(localDb(), {
    userId: USER,
    kind: 'translation.save',
    subject: `pair:${mine.id}`,
    path: 'translation/save',
    body: { id: mine.id, translation: 'zorbel my text', baseVersion: mine.version },
    label: mine.english,
  });
}

const entries = () => entriesOf(localDb(), USER);

/** Renders the row with the outbox entry as it now stands, the way the editor's live query does. */
async function renderRow(pair: TranslationPair = mine, readOnly = false) {
  const edit = (await entries())[0];
  return render(
    <table>
      <tbody>
        <PairRow pair={pair} edit={edit} userId={USER} readOnly={readOnly} />
      </tbody>
    </table>,
  );
}

beforeEach(async () => {
  // The phone is offline: what the sync engine tries to send fails as a lost connection does.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  await localDb().outbox.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PairRow', () => {
  it('shows both texts of a conflict; "Take theirs" drops my edit and shows their text', async () => {
    await park(localDb(), await waitingEdit(), {
      status: 409,
      code: ERROR_CODES.editConflict,
      message: 'changed',
      details: { current: theirs },
    });
    await renderRow();
    const conflict = await screen.findByTestId('conflict');
    expect(conflict.textContent).toContain('zorbel my text');
    expect(conflict.textContent).toContain('zorbel their text');
    expect(screen.getByTestId('pair-status').textContent).toContain('Conflict');

    await userEvent.click(screen.getByRole('button', { name: 'Take theirs' }));
    await waitFor(async () => expect(await entries()).toEqual([]));
    expect(screen.getByRole<HTMLInputElement>('textbox').value).toBe('zorbel their text');
  });

  it('"Keep mine" sends my text again, now based on their version', async () => {
    await park(localDb(), await waitingEdit(), {
      status: 409,
      code: ERROR_CODES.editConflict,
      message: 'changed',
      details: { current: theirs },
    });
    await renderRow();
    await userEvent.click(await screen.findByRole('button', { name: 'Keep mine' }));
    await waitFor(async () => {
      const [entry] = await entries();
      expect(entry?.state).toBe('pending');
      expect(entry?.body).toEqual({
        id: mine.id,
        translation: 'zorbel my text',
        baseVersion: theirs.version,
      });
    });
  });

  it('a refusal says why and what to do; "Discard my change" removes it', async () => {
    await park(localDb(), await waitingEdit(), {
      status: 403,
      code: ERROR_CODES.consentRequired,
      message: 'Translation consent is needed.',
    });
    await renderRow();
    const refused = await screen.findByTestId('refused');
    expect(refused.textContent).toContain('Translation consent is needed.');
    expect(refused.textContent).toContain('Check that you have given translation consent');
    await userEvent.click(screen.getByRole('button', { name: 'Discard my change' }));
    await waitFor(async () => expect(await entries()).toEqual([]));
  });

  it('refuses text over the limit at the field, says so, and queues nothing', async () => {
    await renderRow();
    const field = screen.getByRole<HTMLInputElement>('textbox');
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste('a'.repeat(2001));
    await userEvent.tab();
    expect(await screen.findByText('A translation can be at most 2000 characters')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(await entries()).toEqual([]);
  });

  it('a new text goes to the outbox, based on the version shown', async () => {
    await renderRow();
    const field = screen.getByRole<HTMLInputElement>('textbox');
    await userEvent.clear(field);
    await userEvent.type(field, 'zorbel new text');
    await userEvent.tab();
    await waitFor(async () => {
      const [entry] = await entries();
      expect(entry?.body).toEqual({ id: mine.id, translation: 'zorbel new text', baseVersion: mine.version });
    });
  });

  it('without translation consent the text can be read but not changed, and nothing is queued', async () => {
    await renderRow(mine, true);
    const field = screen.getByRole<HTMLInputElement>('textbox');
    expect(field.readOnly).toBe(true);
    await userEvent.type(field, ' more');
    await userEvent.tab();
    expect(field.value).toBe('zorbel old text');
    expect(await entries()).toEqual([]);
  });
});
