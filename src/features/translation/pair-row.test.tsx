// @vitest-environment happy-dom
// The editor row as a contributor uses it (Testing Library, IndexedDB by fake-indexeddb): the approved text, my
// proposal with its review progress and other people's proposals side by side; a conflict with my other device
// shows both texts and each choice does what it says; a refusal says why and can be discarded; bad text is
// refused at the field and nothing is queued.
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { ProposalSummary, ReviewedPair } from '../../../core/api/translation.ts';
import { localDb } from '../../offline/local-db.ts';
import { enqueue, entriesOf, park } from '../../offline/outbox.ts';
import { PairRow } from './pair-row.tsx';

const USER = 'user-1';
const mine: ReviewedPair = {
  id: 7,
  english: 'Good morning.',
  lopit: 'zorbel old text',
  category: 'greetings',
  status: 'approved',
  version: 2,
  updatedAt: '2026-11-20T09:00:00.000Z',
  proposals: [],
};
const proposal = (text: string, own: boolean, approvals = 0): ProposalSummary => ({
  id: own ? 11 : 12,
  text,
  authorName: own ? 'Me' : 'Akol Example',
  mine: own,
  approvals,
  rejections: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
});
/** The pair as the server holds it after my other device sent a newer proposal. */
const theirs: ReviewedPair = { ...mine, version: 3, proposals: [proposal('zorbel other device', true)] };

function waitingEdit() {
  return enqueue(
    localDb(),
    USER,
    'translation.save',
    { params: {}, body: { id: mine.id, translation: 'zorbel my text', baseVersion: mine.version } },
    { english: mine.english },
  );
}

/** The waiting edits, as the editor's live query reads them. */
const entries = async () =>
  (await entriesOf(localDb(), USER)).filter((entry) => entry.kind === 'translation.save');

/** Renders the row with the outbox entry as it now stands, the way the editor's live query does. */
async function renderRow(pair: ReviewedPair = mine, readOnly = false, approves = false) {
  const edit = (await entries())[0];
  return render(
    <table>
      <tbody>
        <PairRow pair={pair} edit={edit} userId={USER} readOnly={readOnly} approves={approves} />
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
  it('shows both texts of a conflict; "Take the other" drops my edit and shows the other device\'s text', async () => {
    await park(localDb(), await waitingEdit(), {
      status: 409,
      code: ERROR_CODES.editConflict,
      message: 'changed',
      details: { current: theirs },
    });
    await renderRow();
    const conflict = await screen.findByTestId('conflict');
    expect(conflict.textContent).toContain('zorbel my text');
    expect(conflict.textContent).toContain('zorbel other device');
    expect(screen.getByTestId('pair-status').textContent).toContain('Conflict');

    await userEvent.click(screen.getByRole('button', { name: 'Take the other' }));
    await waitFor(async () => expect(await entries()).toEqual([]));
    expect(screen.getByRole<HTMLInputElement>('textbox').value).toBe('zorbel other device');
  });

  it('"Keep this one" sends my text again, now based on the server\'s version', async () => {
    await park(localDb(), await waitingEdit(), {
      status: 409,
      code: ERROR_CODES.editConflict,
      message: 'changed',
      details: { current: theirs },
    });
    await renderRow();
    await userEvent.click(await screen.findByRole('button', { name: 'Keep this one' }));
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

  it("shows my proposal in the field with its review progress, the approved text labelled, and another person's proposal beside it", async () => {
    await renderRow({
      ...mine,
      proposals: [proposal('zorbel theirs waiting', false, 1), proposal('zorbel mine waiting', true, 1)],
    });
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Good morning.' });
    expect(field.value).toBe('zorbel mine waiting');
    expect(screen.getByTestId('approved-text').textContent).toBe('✓ Approved zorbel old text');
    expect(screen.getByTestId('pair-status').textContent).toBe('◔ Waiting for review: 1 of 2 approvals');
    const other = screen.getByTestId('other-proposal');
    expect(other.textContent).toContain('zorbel theirs waiting');
    expect(other.textContent).toContain('Proposed by Akol Example · 1 of 2 approvals');
    // Read-only: another person's text is no field of mine.
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    // The field's description names the approved text and the progress for a screen reader.
    const described = field
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['✓ Approved zorbel old text', '◔ Waiting for review: 1 of 2 approvals']);
  });

  it('without a proposal of mine the field shows the approved text, said to be approved', async () => {
    await renderRow({ ...mine, proposals: [proposal('zorbel theirs waiting', false)] });
    expect(screen.getByRole<HTMLInputElement>('textbox').value).toBe('zorbel old text');
    expect(screen.queryByTestId('approved-text')).toBeNull();
    expect(screen.getByTestId('pair-status').textContent).toBe('✓ Approved');
  });

  it('a contributor cannot empty the approved text (an empty save only withdraws a proposal); an admin can', async () => {
    await renderRow();
    const field = screen.getByRole<HTMLInputElement>('textbox');
    expect(field.placeholder).toBe('Propose a Lopit translation');
    await userEvent.clear(field);
    await userEvent.tab();
    expect(await screen.findByText(/An approved translation cannot be removed here/)).toBeTruthy();
    expect(await entries()).toEqual([]);
    cleanup();

    await renderRow(mine, false, true);
    const adminField = screen.getByRole<HTMLInputElement>('textbox');
    expect(adminField.placeholder).toBe('Add the Lopit translation');
    await userEvent.clear(adminField);
    await userEvent.tab();
    await waitFor(async () => expect((await entries())[0]?.body).toMatchObject({ translation: '' }));
  });

  it('clearing my own proposal queues its withdrawal', async () => {
    await renderRow({ ...mine, proposals: [proposal('zorbel mine waiting', true)] });
    await userEvent.clear(screen.getByRole('textbox'));
    await userEvent.tab();
    await waitFor(async () =>
      expect((await entries())[0]?.body).toEqual({ id: mine.id, translation: '', baseVersion: mine.version }),
    );
  });
});
